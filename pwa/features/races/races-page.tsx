import { ComingSoon } from '../../components/coming-soon';

export function RacesPage() {
  return <ComingSoon title="Races" />;
}
