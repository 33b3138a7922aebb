// Moving between lanes of a workout: a member's own move (into a free place at once, or onto the
// lane's waitlist keeping their place) and an exec's move poolside (over capacity if they choose).
import { hasStarted } from '../../../domain/clock';
import { hasRole } from '../../../domain/contract/roles';
import { LANE_MOVE_EXEC_ONLY_ERROR, LANE_MOVE_NOT_SIGNED_UP_ERROR, WORKOUT_STARTED_ERROR, type LaneMoveAnswer } from '../../../domain/contract/training/forum';
import type { AppDeps } from '../../platform/context';
import { ServiceError } from '../../platform/errors';
import { assertCanManagePost, assertNotCancelled, requireWorkout, type Actor } from '../posts/access';
import { clubWorkout } from '../posts/start-instants';
import { laneOfRequest, moveToLane } from './lanes';
import { fillFromWaitlist, waitlistPosition } from './workouts';
import { clubTimeZone } from '../../platform/club-time-zone';


export interface LaneMoveRequest {
  lane: number;
  /** An exec's move of another member. */
  userId?: number;
  overCapacity?: boolean;
}

/**
 * One move in one transaction: the place left is offered to that lane's waitlist at once. A member
 * moves only before the start; an exec moves anyone, also poolside once it has started (the lane
 * sheet is the register).
 */
export function changeLane(deps: AppDeps, actor: Actor, workoutId: number, request: LaneMoveRequest): LaneMoveAnswer {
  return deps.database.tx(() => {
    const { db } = deps.database;
    const post = requireWorkout(db, workoutId);
    const byExec = request.userId !== undefined && request.userId !== actor.id;
    if (byExec) {
      if (!hasRole(actor.role, 'exec')) throw new ServiceError(403, LANE_MOVE_EXEC_ONLY_ERROR);
      assertCanManagePost(actor, post);
    }
    const lane = laneOfRequest(db, post, request.lane)!;
    const now = deps.clock();
    if (!byExec) {
      assertNotCancelled(post);
      if (hasStarted(clubWorkout(post), now, clubTimeZone(deps))) throw new ServiceError(409, WORKOUT_STARTED_ERROR);
    }
    const userId = request.userId ?? actor.id;
    const mode = !byExec ? 'member' : request.overCapacity ? 'exec-over-capacity' : 'exec';
    const result = moveToLane(db, post, userId, lane, now, mode, () => waitlistPosition(db, post.id, userId)!);
    if (!result) throw new ServiceError(409, LANE_MOVE_NOT_SIGNED_UP_ERROR, { field: 'lane' });
    if (result.moved && result.from !== result.lane) fillFromWaitlist(deps, post, now);
    return { moved: result.moved, lane: result.lane, position: result.position };
  });
}
