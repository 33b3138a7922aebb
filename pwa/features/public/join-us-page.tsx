import { ComingSoon } from '../../components/coming-soon';

export function JoinUsPage() {
  return <ComingSoon title="Join Us" />;
}
