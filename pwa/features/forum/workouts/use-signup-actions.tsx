import type { WorkoutPost } from '../../../../domain/contract/training/forum';
import { useSignupFlow, type SignupFlow } from '../../../parts/posts/signup-flow';
import { workoutView, type WorkoutView } from '../common/workout-rules';

export interface SignupActions extends SignupFlow {
  /** The workout with the member's place and the counts as the screen shows them. */
  view: WorkoutView | undefined;
}

/**
 * Sign up, cancel (through the warning), join and leave the waitlist for one forum workout: the
 * shared flow (parts/posts/signup-flow.tsx), with the counts a forum card and page show.
 */
export function useSignupActions(workout: WorkoutPost | undefined): SignupActions {
  const flow = useSignupFlow(
    workout && {
      workoutId: workout.id,
      signedUp: workout.isSignedUp,
      waitlistPosition: workout.waitlistPosition,
      workout,
    },
  );
  return { ...flow, view: workout ? workoutView(workout, flow.desired) : undefined };
}
