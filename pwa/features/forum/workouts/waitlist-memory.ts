// The waitlist places seen in the last workout list, per user, for the promotion notice. Kept in
// sessionStorage: it only has to survive reloads and navigation within this visit.
const keyFor = (userId: number) => `forum-waitlist:${userId}`;

export function readWaitlistMemory(userId: number): Record<string, number> {
  try {
    const raw = sessionStorage.getItem(keyFor(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function writeWaitlistMemory(userId: number, positions: Record<string, number>): void {
  try {
    if (Object.keys(positions).length === 0) sessionStorage.removeItem(keyFor(userId));
    else sessionStorage.setItem(keyFor(userId), JSON.stringify(positions));
  } catch {
    // Private mode or a full quota: the notice is a nicety, never worth an error.
  }
}

/**
 * The detail page's view of one workout. A signed-up user keeps the remembered place, so the list can
 * still tell them they were promoted.
 */
export function rememberWaitlistPlace(userId: number, workout: { id: number; waitlistPosition: number | null; isSignedUp: boolean }): void {
  const memory = readWaitlistMemory(userId);
  const key = String(workout.id);
  if (workout.waitlistPosition !== null) memory[key] = workout.waitlistPosition;
  else if (!workout.isSignedUp) delete memory[key];
  writeWaitlistMemory(userId, memory);
}
