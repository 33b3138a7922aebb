import { ComingSoon } from '../../components/coming-soon';

export function WorkoutDetailPage() {
  return <ComingSoon title="Workout" />;
}
