import { ComingSoon } from '../../components/coming-soon';

export function SchedulePage() {
  return <ComingSoon title="Schedule" />;
}
