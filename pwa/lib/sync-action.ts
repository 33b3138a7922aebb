import type { RsvpStatus } from '../../api/contract/forum';

// Kept apart from actions.ts so the offline store and the outbox can name an action without importing
// the code that performs it (no import cycle: actions -> outbox -> sync-action).

/**
 * The writes a member can make offline (DESIGN.md §4). Screens send the desired state, never a
 * toggle, so a replay can never flip it back.
 */
export type SyncAction =
  | { kind: 'workout-signup'; workoutId: number; signedUp: boolean }
  | { kind: 'waitlist'; workoutId: number; joined: boolean }
  | { kind: 'rsvp'; eventId: number; status: RsvpStatus | null }
  | { kind: 'attendance'; workoutId: number; attendanceData: Record<string, boolean> }
  | { kind: 'race-signup'; raceId: number; signedUp: boolean };

/** The HTTP request for an action. */
export function requestFor(action: SyncAction): { path: string; method: string; body?: unknown } {
  switch (action.kind) {
    case 'workout-signup':
      return { path: `/forum/workouts/${action.workoutId}/signup`, method: 'POST', body: { signedUp: action.signedUp } };
    case 'waitlist':
      return { path: `/forum/workouts/${action.workoutId}/waitlist`, method: action.joined ? 'POST' : 'DELETE' };
    case 'rsvp':
      return { path: `/forum/events/${action.eventId}/rsvp`, method: 'POST', body: { status: action.status } };
    case 'attendance':
      return { path: `/forum/workouts/${action.workoutId}/attendance`, method: 'POST', body: { attendanceData: action.attendanceData } };
    case 'race-signup':
      return { path: `/races/${action.raceId}/signup`, method: action.signedUp ? 'POST' : 'DELETE' };
  }
}
