// Revalidation of GET answers with their ETag, so an unchanged list costs a 304. Signed-in answers are `no-store`, so the
// browser's HTTP cache never revalidates them; this keeps, in memory only, the last tag and body per
// path for the signed-in member, sends If-None-Match, and turns a 304 back into the stored body.
// Kept apart from api-client.ts so the query layer and token renewal can build on the same fetch.

interface Stored {
  etag: string;
  text: string;
}

let owner: number | null = null;
const stored = new Map<string, Stored>();
/** Enough for every list a member opens; the oldest path goes first past it. */
const PATHS_KEPT = 50;

/** Forgets every stored answer (sign-out, a different member signing in). */
export function clearEtagCache(): void {
  stored.clear();
  owner = null;
}

/** Switches to `userId`'s answers; a change of member (or signing out) drops the previous ones. */
function ownedBy(userId: number | null): boolean {
  if (userId !== owner) {
    stored.clear();
    owner = userId;
  }
  return userId !== null;
}

/** The If-None-Match header for a GET of `path` by `userId`, when a copy is held. */
export function revalidationHeaders(path: string, userId: number | null): Record<string, string> {
  if (!ownedBy(userId)) return {};
  const copy = stored.get(path);
  return copy ? { 'if-none-match': copy.etag } : {};
}

/**
 * The body to use for `res` (already read as `text`): on 304 the stored copy; on a 200 with an
 * ETag, `text`, stored for next time. Undefined on a 304 with nothing held (the caller's error).
 */
export function settleWithEtag(path: string, userId: number | null, res: Response, text: string): string | undefined {
  if (!ownedBy(userId)) return res.status === 304 ? undefined : text;
  if (res.status === 304) {
    const copy = stored.get(path);
    if (!copy) return undefined;
    // Most recently used last, so the oldest path is dropped first.
    stored.delete(path);
    stored.set(path, copy);
    return copy.text;
  }
  const etag = res.headers.get('etag');
  if (res.ok && etag) {
    stored.delete(path);
    if (stored.size >= PATHS_KEPT) stored.delete(stored.keys().next().value!);
    stored.set(path, { etag, text });
  }
  return text;
}
