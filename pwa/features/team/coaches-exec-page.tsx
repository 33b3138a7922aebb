import { ComingSoon } from '../../components/coming-soon';

export function CoachesExecPage() {
  return <ComingSoon title="Coaches and Executive Team" />;
}
