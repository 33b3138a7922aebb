// Dismissals an older version of the app kept in localStorage, per member, before they joined the
// device's outbox. Read once and handed to the outbox (pinned-announcements.tsx); the copy then goes.
const keyFor = (userId: number) => `announcements-dismissed:${userId}`;

/** The ids this device kept for the member, if any (nothing is changed). */
export function readLegacyDismissals(userId: number): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyFor(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((n): n is number => Number.isInteger(n) && n > 0) : [];
  } catch {
    return [];
  }
}

/** The ids this device kept for the member, removed from it: the caller hands them to the outbox. */
export function takeLegacyDismissals(userId: number): number[] {
  const ids = readLegacyDismissals(userId);
  try {
    localStorage.removeItem(keyFor(userId));
  } catch {
    // Storage blocked: nothing was kept there either.
  }
  return ids;
}
