// performWrite: how a screen sends a change that may have to wait for the network. Named for what it
// does (a write to the club's server, sent now or kept in the outbox), not for React's form actions.
import { OFFLINE_MESSAGE, request } from '../data/api-client';
import { ApiError } from '../data/api-error';
import type * as Outbox from './outbox';
import { isOutboxBooted, isOutboxLoaded, notifyWritten, useOutboxState } from './outbox-store';
import { requestFor, type WriteAnswers, type WriteResult, type SyncAction } from './sync-action';

export { pendingFor, type SyncAction } from './sync-action';

/**
 * Sends a write with its own Idempotency-Key; throws ApiError when the server refuses it (4xx).
 * Offline, when older ops of the same thing still wait in the queue (in any tab), or when the
 * request got no answer or a 5xx (a gateway may answer 502 after the server committed), the write
 * is kept on the device and replayed later: status 'queued'. A request that may have reached the
 * server is queued with the same key, so the replay cannot apply it twice. The check and the send
 * hold the lock every tab's replay holds, so a member's changes to one thing reach the club in the
 * order she made them. The server's answer reaches every copy the data layer keeps (onWritten).
 */
export async function performWrite<A extends SyncAction>(action: A): Promise<WriteResult<A['kind']>> {
  const key = crypto.randomUUID();
  // A visitor's page never boots the outbox: nothing can be queued there. A member's write loads it
  // (with Dexie) if the first paint did not need it (outbox-boot.ts).
  if (!isOutboxLoaded() && !isOutboxBooted()) return send(action, key, null);
  let outbox: typeof Outbox;
  try {
    outbox = await loadOutbox();
  } catch {
    // The outbox's code could not be fetched: online, the change goes straight to the club (with its
    // key, so a resend cannot apply it twice); offline, it cannot be kept, and the member is told so.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiError(0, OFFLINE_MESSAGE);
    return send(action, key, null);
  }
  return outbox.withOutboxLock(async (locked) => {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    if (!locked || offline || (await outbox.hasQueued(action))) {
      if (await outbox.enqueue(action, key)) return { status: 'queued' };
      throw new ApiError(0, OFFLINE_MESSAGE);
    }
    return send(action, key, outbox);
  });
}

async function send<A extends SyncAction>(action: A, key: string, outbox: typeof Outbox | null): Promise<WriteResult<A['kind']>> {
  const { path, method, body } = requestFor(action);
  try {
    // requestFor builds the request of the action's own endpoint (sync-action.ts), whose answer
    // WriteAnswers takes from the contract.
    const answer = (await request(path, { method, body, idempotencyKey: key })) as WriteAnswers[A['kind']];
    notifyWritten(action, answer, false);
    return { status: 'done', answer };
  } catch (err) {
    const unanswered = err instanceof ApiError && (err.isNetwork || err.status >= 500);
    if (unanswered) {
      outbox ??= await loadOutbox().catch(() => null);
      if (outbox && (await outbox.enqueue(action, key))) return { status: 'queued' };
    }
    throw err;
  }
}

async function loadOutbox(): Promise<typeof Outbox> {
  return (await import('./outbox-boot')).loadOutbox();
}

/** Writes kept on this device and not yet accepted by the server, for the signed-in user. */
export function usePendingWrites(): SyncAction[] {
  const { ops } = useOutboxState();
  return ops.filter((o) => o.state === 'pending').map((o) => o.action);
}
