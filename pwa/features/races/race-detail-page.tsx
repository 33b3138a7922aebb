import { ComingSoon } from '../../components/coming-soon';

export function RaceDetailPage() {
  return <ComingSoon title="Race" />;
}
