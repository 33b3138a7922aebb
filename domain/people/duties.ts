// Duty rotas: who is the lifeguard, the coach on deck, the marshal, the driver or the photographer at
// what the club runs. A duty's places fill like a workout's (`isFull`, domain/rules.ts); the rest of
// its rules, and the club's setting that names its kinds and the cut-off for giving one up, live here.
import { isFull } from '../rules';

/** The `duties` club document (Admin): the kinds of duty the club has, and the cut-off for giving one up. */
export interface DutiesDocument {
  kinds: string[];
  /** A member may give a duty up until this many hours before it starts; after that, only swap it. */
  giveUpHours: number;
}

export const DEFAULT_DUTIES: DutiesDocument = {
  kinds: ['Lifeguard', 'Coach on deck', 'Marshal', 'Driver', 'Photographer'],
  giveUpHours: 48,
};

export const DUTY_KINDS_MAX = 30;
export const DUTY_KIND_MAX = 40;
export const DUTY_PLACES_MAX = 20;
export const DUTY_GIVE_UP_HOURS_MAX = 14 * 24;
/** A qualification's length, on a duty or on a member's profile. */
export const QUALIFICATION_MAX = 60;
/** How many qualifications a member's profile may state. */
export const QUALIFICATIONS_MAX = 20;

/** A member's qualifications as their profile keeps them (one a line; a comma also parts two), blank ones dropped. */
export function readQualifications(stored: string | null | undefined): string[] {
  return (stored ?? '')
    .split(/[\n,]/)
    .map((q) => q.trim())
    .filter(Boolean);
}

/** Who may take a duty: any member, execs only, or members whose profile states a qualification. */
export const DUTY_ELIGIBILITY = ['members', 'execs', 'qualified'] as const;
export type DutyEligibility = (typeof DUTY_ELIGIBILITY)[number];

/** What a duty is on: a workout, an event or a race. */
export const DUTY_PLACES = ['workout', 'event', 'race'] as const;
export type DutyPlaceKind = (typeof DUTY_PLACES)[number];

/** Whether a duty's places are all taken: a place is a place, as in a workout or a lane. */
export function dutyFull(places: number, held: number): boolean {
  return isFull(places, held);
}

/** Whether a member may hold a duty: any member; an exec (or administrator); one whose qualifications name the duty's. */
export function mayHoldDuty(
  duty: { eligibility: DutyEligibility; qualification: string | null },
  member: { exec: boolean; qualifications: readonly string[] },
): boolean {
  if (duty.eligibility === 'execs') return member.exec;
  if (duty.eligibility === 'qualified') {
    const wanted = (duty.qualification ?? '').trim().toLowerCase();
    return wanted !== '' && member.qualifications.some((q) => q.trim().toLowerCase() === wanted);
  }
  return true;
}

/** Until the cut-off before its start (epoch ms), a member may give a duty up; after it, only offer a swap. */
export function mayGiveUpDuty(startsAt: number, now: number, giveUpHours: number): boolean {
  return startsAt - now >= giveUpHours * 3_600_000;
}

/** Two duties at the same time: their spans (epoch ms, end excluded) meet. */
export function dutiesOverlap(a: { startsAt: number; endsAt: number }, b: { startsAt: number; endsAt: number }): boolean {
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

/** A holder is reminded this many hours before a duty starts. */
export const DUTY_REMINDER_HOURS = 24;
/** A duty still open this many days before it starts is made known to the members who may take it. */
export const DUTY_OPEN_NOTICE_DAYS = 3;

/** Whether a duty starting at `startsAt` is within DUTY_OPEN_NOTICE_DAYS of `now` and has not started. */
export function dutyStartsSoon(startsAt: number, now: number): boolean {
  return startsAt > now && startsAt - now <= DUTY_OPEN_NOTICE_DAYS * 24 * 3_600_000;
}

/** Whether a holder's reminder of a duty starting at `startsAt` is due at `now` (within DUTY_REMINDER_HOURS, not started). */
export function dutyReminderDue(startsAt: number, now: number): boolean {
  return startsAt > now && startsAt - now <= DUTY_REMINDER_HOURS * 3_600_000;
}
