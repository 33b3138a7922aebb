// The announcements a member dismissed on this device, kept in localStorage per member. The server
// keeps each member's dismissals for all their devices; this copy hides one at once, offline too,
// and says which ones to tell the server again when a dismissal did not reach it.
const keyFor = (userId: number) => `announcements-dismissed:${userId}`;

export function readDismissed(userId: number): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyFor(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((n): n is number => typeof n === 'number') : [];
  } catch {
    return [];
  }
}

/** Adds `id`, keeping only ids still current (`current`), so the list never grows without end. */
export function writeDismissed(userId: number, id: number, current: readonly number[]): number[] {
  const next = [...new Set([...readDismissed(userId).filter((d) => current.includes(d)), id])];
  try {
    localStorage.setItem(keyFor(userId), JSON.stringify(next));
  } catch {
    // Private mode or a full quota: the server's copy is the only one.
  }
  return next;
}
