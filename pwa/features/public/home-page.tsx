import { ComingSoon } from '../../components/coming-soon';

export function HomePage() {
  return <ComingSoon title="Home" />;
}
