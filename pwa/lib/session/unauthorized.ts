// Who ends the session when the server no longer takes it (api-client.ts tells, the frame listens):
// its own small module, so the frame registers without loading the API client.

/** Why the server ended the session: the token, the role, or the account itself is gone. */
export type UnauthorizedReason = 'session-expired' | 'forbidden' | 'account-deleted';
type UnauthorizedHandler = (reason: UnauthorizedReason) => void;
let onUnauthorized: UnauthorizedHandler | null = null;

export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

/** Ends the session through the registered handler (the layout: sign out, go to /login?reason=…). */
export function notifyUnauthorized(reason: UnauthorizedReason): boolean {
  if (!onUnauthorized) return false;
  onUnauthorized(reason);
  return true;
}
