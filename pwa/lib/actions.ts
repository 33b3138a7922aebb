import type { AttendanceAnswer, RsvpAnswer, SignupAnswer, WaitlistAnswer } from '../../api/contract/forum';
import { api, ApiError, OFFLINE_MESSAGE } from './api-client';
import { getOutboxState, useOutboxState } from './outbox-store';
import { requestFor, type SyncAction } from './sync-action';

export interface ActionAnswers {
  'workout-signup': SignupAnswer;
  waitlist: WaitlistAnswer;
  rsvp: RsvpAnswer;
  attendance: AttendanceAnswer;
  'race-signup': { signedUp: boolean };
}

/** 'done': the server answered; 'queued': kept on this device and sent when the network is back. */
export type ActionResult<K extends SyncAction['kind']> = { status: 'done'; answer: ActionAnswers[K] } | { status: 'queued' };

/**
 * Sends an action with its own Idempotency-Key; throws ApiError when the server refuses it. Offline
 * (or when the request never got an answer, or when older ops of the same thing still wait in the
 * queue) the action is kept on the device and replayed later: status 'queued'. A request that may
 * have reached the server is queued with the same key, so the replay cannot apply it twice.
 */
export async function performAction<A extends SyncAction>(action: A): Promise<ActionResult<A['kind']>> {
  const key = crypto.randomUUID();
  const outbox = () => import('./outbox');
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (offline || (await queuedBehind(action))) {
    if (await (await outbox()).enqueue(action, key)) return { status: 'queued' };
    throw new ApiError(0, OFFLINE_MESSAGE);
  }
  const { path, method, body } = requestFor(action);
  try {
    const answer = await api<ActionAnswers[A['kind']]>(path, { method, body, idempotencyKey: key });
    return { status: 'done', answer };
  } catch (err) {
    if (err instanceof ApiError && err.isNetwork && (await (await outbox()).enqueue(action, key))) return { status: 'queued' };
    throw err;
  }
}

async function queuedBehind(action: SyncAction): Promise<boolean> {
  if (getOutboxState().ops.length === 0) return false;
  return (await import('./outbox')).hasQueued(action);
}

/** Actions kept on this device and not yet accepted by the server, for the signed-in user. */
export function usePendingActions(): SyncAction[] {
  const { ops } = useOutboxState();
  return ops.filter((o) => o.state === 'pending').map((o) => o.action);
}

/** The newest pending action of a kind for one thing (a workout, an event, a race), if any. */
export function pendingFor<K extends SyncAction['kind']>(
  pending: SyncAction[],
  kind: K,
  id: number,
): Extract<SyncAction, { kind: K }> | undefined {
  const idOf = (a: SyncAction) => ('workoutId' in a ? a.workoutId : 'eventId' in a ? a.eventId : a.raceId);
  return pending.filter((a): a is Extract<SyncAction, { kind: K }> => a.kind === kind && idOf(a) === id).at(-1);
}
