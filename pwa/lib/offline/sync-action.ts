// The writes a member can make offline, as data: what the outbox stores and replays.
// Kept apart from the outbox and from performWrite so that neither imports the other.
import type { AnswerOf, BodyOf } from '../../../domain/contract/endpoints';
import type { RsvpStatus } from '../../../domain/contract/training/forum';

/** Screens send the desired state, never a toggle, so a replay can never flip it back. */
export type SyncAction =
  /**
   * `waitlistIfFull`: a full workout puts the member on its waitlist in the same request (ops queued
   * by an app from before it have no such field and replay as the sign-up alone).
   */
  | { kind: 'workout-signup'; workoutId: number; signedUp: boolean; waitlistIfFull?: boolean; lane?: number }
  | { kind: 'waitlist'; workoutId: number; joined: boolean; lane?: number }
  /**
   * A move to another lane of a workout: the member's own, or an exec's of `userId` (over capacity if
   * asked). Sent once with its Idempotency-Key, so a replay moves nobody twice.
   */
  | { kind: 'lane-move'; workoutId: number; lane: number; userId?: number; overCapacity?: boolean }
  | { kind: 'rsvp'; eventId: number; status: RsvpStatus | null }
  | { kind: 'attendance'; workoutId: number; attendanceData: Record<string, boolean> }
  | { kind: 'race-signup'; raceId: number; signedUp: boolean }
  /** A seat or a bike spot in a race lift, taken or given back (a state, so a replay changes nothing). */
  | { kind: 'lift-place'; raceId: number; liftId: number; place: 'seat' | 'bike'; taken: boolean }
  /** The member's own race result, whole (a newer one replaces it). */
  | { kind: 'race-result'; raceId: number; result: BodyOf<'PUT /races/:id/result'> }
  /** A club announcement gone from the member's Home on every device: a state, so a replay changes nothing. */
  | { kind: 'announcement-dismissal'; announcementId: number }
  /**
   * Money handed to the treasurer (cash at the pool, a bank transfer), recorded once: the server keeps
   * the answer to its Idempotency-Key, so a replay after a lost answer records nothing twice. Never
   * collapsed: two records for one member are two payments.
   */
  | { kind: 'payment-record'; record: BodyOf<'POST /payments/record'> }
  /**
   * The member's whole answer to a poll (a state, so a replay changes nothing); `question` and `at`
   * (the page it was answered on) only tell the Sync screen what it was.
   */
  | { kind: 'poll-answer'; pollId: number; choices: number[]; question?: string; at?: string }
  /** A place of a duty taken or given up (a state); `duty` and `at` only tell the Sync screen what and where. */
  | { kind: 'duty-claim'; dutyId: number; taken: boolean; duty?: string; at?: string }
  /**
   * A holder's swap offered, or an offered place taken: each sent once with its Idempotency-Key, so a
   * replay after a lost answer takes nobody's place twice. Of one duty with its claims, in order.
   */
  | { kind: 'duty-swap'; dutyId: number; step: 'offer' | 'take'; duty?: string; at?: string }
  /** An exec's putting a member on a duty or taking them off (a state); `name` only tells the Sync screen who. */
  | { kind: 'duty-holder'; dutyId: number; userId: number; held: boolean; name?: string; duty?: string; at?: string }
  /** An exec's record that a holder did not turn up for a duty, or its correction (a state). */
  | { kind: 'duty-no-show'; dutyId: number; userId: number; noShow: boolean; name?: string; duty?: string; at?: string }
  /** An exec's removal of a duty from its session (a duty already gone has nothing left to remove). */
  | { kind: 'duty-removal'; dutyId: number; duty?: string; at?: string }
  /** A member's safety card opened with no signal, told to the club once (never collapsed: each opening is one). */
  | { kind: 'safety-opening'; userId: number; openedAt: number };

export interface WriteAnswers {
  'workout-signup': AnswerOf<'POST /forum/workouts/:id/signup'>;
  waitlist: AnswerOf<'POST /forum/workouts/:id/waitlist'>;
  'lane-move': AnswerOf<'POST /forum/workouts/:id/lane'>;
  rsvp: AnswerOf<'POST /forum/events/:id/rsvp'>;
  attendance: AnswerOf<'POST /forum/workouts/:id/attendance'>;
  'race-signup': AnswerOf<'POST /races/:id/signup'>;
  'lift-place': AnswerOf<'POST /races/:id/lifts/:liftId/seat'>;
  'race-result': AnswerOf<'PUT /races/:id/result'>;
  'announcement-dismissal': AnswerOf<'POST /announcements/:id/dismiss'>;
  'payment-record': AnswerOf<'POST /payments/record'>;
  'poll-answer': AnswerOf<'PUT /polls/:id/answer'>;
  'duty-claim': AnswerOf<'POST /duties/:id/claim'>;
  'duty-swap': AnswerOf<'POST /duties/:id/swap'>;
  'duty-holder': AnswerOf<'PUT /duties/:id/holders/:userId'>;
  'duty-no-show': AnswerOf<'PUT /duties/:id/holders/:userId/no-show'>;
  'duty-removal': AnswerOf<'DELETE /duties/:id'>;
  'safety-opening': AnswerOf<'POST /safety/openings'>;
}

/** 'done': the server answered; 'queued': kept on this device and sent when the network is back. */
export type WriteResult<K extends SyncAction['kind']> = { status: 'done'; answer: WriteAnswers[K] } | { status: 'queued' };

/** The HTTP request for an action. */
export function requestFor(action: SyncAction): { path: string; method: string; body?: unknown } {
  switch (action.kind) {
    case 'workout-signup':
      return {
        path: `/forum/workouts/${action.workoutId}/signup`,
        method: 'POST',
        body: {
          signedUp: action.signedUp,
          ...(action.waitlistIfFull && { waitlistIfFull: true }),
          ...(action.lane !== undefined && { lane: action.lane }),
        },
      };
    case 'waitlist':
      return {
        path: `/forum/workouts/${action.workoutId}/waitlist`,
        method: action.joined ? 'POST' : 'DELETE',
        ...(action.joined && action.lane !== undefined && { body: { lane: action.lane } }),
      };
    case 'lane-move':
      return {
        path: `/forum/workouts/${action.workoutId}/lane`,
        method: 'POST',
        body: {
          lane: action.lane,
          ...(action.userId !== undefined && { userId: action.userId }),
          ...(action.overCapacity && { overCapacity: true }),
        },
      };
    case 'rsvp':
      return { path: `/forum/events/${action.eventId}/rsvp`, method: 'POST', body: { status: action.status } };
    case 'attendance':
      return { path: `/forum/workouts/${action.workoutId}/attendance`, method: 'POST', body: { attendanceData: action.attendanceData } };
    case 'race-signup':
      return { path: `/races/${action.raceId}/signup`, method: action.signedUp ? 'POST' : 'DELETE' };
    case 'lift-place':
      return {
        path: `/races/${action.raceId}/lifts/${action.liftId}/${action.place === 'seat' ? 'seat' : 'bike-spot'}`,
        method: action.taken ? 'POST' : 'DELETE',
      };
    case 'race-result':
      return { path: `/races/${action.raceId}/result`, method: 'PUT', body: action.result };
    case 'announcement-dismissal':
      return { path: `/announcements/${action.announcementId}/dismiss`, method: 'POST' };
    case 'payment-record':
      return { path: '/payments/record', method: 'POST', body: action.record };
    case 'poll-answer':
      return { path: `/polls/${action.pollId}/answer`, method: 'PUT', body: { choices: action.choices } };
    case 'duty-claim':
      return { path: `/duties/${action.dutyId}/claim`, method: action.taken ? 'POST' : 'DELETE' };
    case 'duty-swap':
      return { path: `/duties/${action.dutyId}/swap${action.step === 'take' ? '/take' : ''}`, method: 'POST' };
    case 'duty-holder':
      return { path: `/duties/${action.dutyId}/holders/${action.userId}`, method: action.held ? 'PUT' : 'DELETE' };
    case 'duty-no-show':
      return { path: `/duties/${action.dutyId}/holders/${action.userId}/no-show`, method: 'PUT', body: { noShow: action.noShow } };
    case 'duty-removal':
      return { path: `/duties/${action.dutyId}`, method: 'DELETE' };
    case 'safety-opening':
      return { path: '/safety/openings', method: 'POST', body: { userId: action.userId, openedAt: action.openedAt } };
  }
}

function thingOf(action: SyncAction): number {
  switch (action.kind) {
    case 'workout-signup':
    case 'waitlist':
    case 'attendance':
    case 'lane-move':
      return action.workoutId;
    case 'rsvp':
      return action.eventId;
    case 'race-signup':
    case 'race-result':
      return action.raceId;
    case 'lift-place':
      return action.liftId;
    case 'announcement-dismissal':
      return action.announcementId;
    case 'payment-record':
      return action.record.userId;
    case 'poll-answer':
      return action.pollId;
    case 'duty-claim':
    case 'duty-swap':
    case 'duty-holder':
    case 'duty-no-show':
    case 'duty-removal':
      return action.dutyId;
    case 'safety-opening':
      return action.userId;
  }
}

/**
 * A refusal that leaves nothing to do, so the op is done rather than needing attention: dismissing an
 * announcement that was removed or is past (404) has nothing left to hide, removing a duty already
 * removed nothing left to remove.
 */
export function settledByRefusal(action: SyncAction, status: number): boolean {
  return (action.kind === 'announcement-dismissal' || action.kind === 'duty-removal') && status === 404;
}

/**
 * The thing an op changes: its ops replay in order, one after the other. A workout's sign-up and
 * waitlist are one thing (one desired state: signed up, waitlisted or neither), so a waitlist join
 * held back by a 5xx is never overtaken by a later sign-up or cancel of the same workout.
 */
export function entityOf(action: SyncAction): string {
  const kind = action.kind === 'waitlist' || action.kind === 'workout-signup' ? 'workout' : action.kind;
  // A lift's seat and its bike spot are two things: taking one never stands in for the other.
  if (action.kind === 'lift-place') return `${kind}:${thingOf(action)}:${action.place}`;
  // A member's own place of a duty (taken, given up, swapped) is one thing, its ops replayed in order;
  // an exec's changes are one thing per holder.
  if (action.kind === 'duty-swap') return `duty-claim:${thingOf(action)}`;
  if (action.kind === 'duty-holder' || action.kind === 'duty-no-show') return `${kind}:${thingOf(action)}:${action.userId}`;
  return `${kind}:${thingOf(action)}`;
}

/**
 * The entity keys an op of this thing may carry: ops queued before sign-up and waitlist became one
 * thing still carry `workout-signup:<id>` or `waitlist:<id>` (read, not rewritten: no schema change).
 */
export function entityKeys(action: SyncAction): string[] {
  const id = thingOf(action);
  return action.kind === 'waitlist' || action.kind === 'workout-signup'
    ? [entityOf(action), `workout-signup:${id}`, `waitlist:${id}`]
    : [entityOf(action)];
}

/** The newest pending action of a kind for one thing (a workout, an event, a race), if any. */
export function pendingFor<K extends SyncAction['kind']>(
  pending: SyncAction[],
  kind: K,
  id: number,
): Extract<SyncAction, { kind: K }> | undefined {
  return pending.filter((a): a is Extract<SyncAction, { kind: K }> => a.kind === kind && thingOf(a) === id).at(-1);
}
