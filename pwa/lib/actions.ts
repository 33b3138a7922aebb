// performAction: how a screen makes a write that may happen offline (DESIGN.md §4).
import { ApiError, OFFLINE_MESSAGE, request } from './api-client';
import { isOutboxLoaded, useOutboxState } from './outbox-store';
import { requestFor, type ActionAnswers, type ActionResult, type SyncAction } from './sync-action';

export { pendingFor, type SyncAction } from './sync-action';

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
    // requestFor builds the request of the action's own endpoint (sync-action.ts), whose answer
    // ActionAnswers takes from the contract.
    const answer = (await request(path, { method, body, idempotencyKey: key })) as ActionAnswers[A['kind']];
    return { status: 'done', answer };
  } catch (err) {
    if (err instanceof ApiError && err.isNetwork && (await (await outbox()).enqueue(action, key))) return { status: 'queued' };
    throw err;
  }
}

async function queuedBehind(action: SyncAction): Promise<boolean> {
  // Until the outbox has loaded (public pages never load it) nothing can be queued yet.
  if (!isOutboxLoaded()) return false;
  return (await import('./outbox')).hasQueued(action);
}

/** Actions kept on this device and not yet accepted by the server, for the signed-in user. */
export function usePendingActions(): SyncAction[] {
  const { ops } = useOutboxState();
  return ops.filter((o) => o.state === 'pending').map((o) => o.action);
}
