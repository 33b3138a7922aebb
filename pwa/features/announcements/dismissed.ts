// The announcements a member dismissed on this device, kept in localStorage per member: they stay
// dismissed across reloads and offline (a logout clears the device's storage, and they show again).
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
    // Private mode or a full quota: dismissed for this visit only.
  }
  return next;
}
