import { WorkoutDetailPage } from '../../../features/forum/workouts/workout-detail-page';
import { workoutSections, workoutSheetExtras } from './place-sections';

/** /workout/:id: the forum's page of a workout, with what the other features add to it. */
export function WorkoutRoute() {
  return <WorkoutDetailPage sections={workoutSections} sheetExtras={workoutSheetExtras} />;
}
