import { describe, expect, it } from 'vitest';
import { announcementSchema, latestAnnouncementDate } from './contract/club/announcements-schemas';
import {
  DEFAULT_RULE_NUMBERS,
  absencesUntilSuspension,
  attendanceLocked,
  canManagePost,
  cancelledText,
  earliestPostableStart,
  mayPostFor,
  freeCancelUntil,
  isFull,
  insideLateCancelWindow,
  isLateCancel,
  isSuspended,
  lateCancelCountedText,
  ruleText,
  startsSuspension,
  suspendedUntilText,
  suspensionEndsAt,
  waitlistOrder,
  waitlistPromotions,
  type RuleNumbers,
} from './rules';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CLUB = DEFAULT_RULE_NUMBERS;
/** A club that set every number otherwise: 12 hours, two absences, three days. */
const STRICT: RuleNumbers = { lateCancelHours: 12, absencesBeforeSuspension: 2, suspensionDays: 3 };

describe('the club rules', () => {
  it('counts a cancel under the window as late', () => {
    const start = Date.parse('2026-12-01T23:00:00Z');
    expect(CLUB).toEqual({ lateCancelHours: 24, absencesBeforeSuspension: 3, suspensionDays: 7 });
    expect(isLateCancel(CLUB, start, start - 24 * HOUR)).toBe(false);
    expect(isLateCancel(CLUB, start, start - 24 * HOUR + 1)).toBe(true);
    expect(isLateCancel(CLUB, start, start - 30 * HOUR)).toBe(false);
  });

  it('counts late from the club’s own window: 12 hours', () => {
    const start = Date.parse('2026-12-01T23:00:00Z');
    expect(isLateCancel(STRICT, start, start - 13 * HOUR)).toBe(false);
    expect(isLateCancel(STRICT, start, start - 12 * HOUR)).toBe(false);
    expect(isLateCancel(STRICT, start, start - 12 * HOUR + 1)).toBe(true);
    expect(isLateCancel(STRICT, start, start - 11 * HOUR)).toBe(true);
    expect(freeCancelUntil(STRICT, start)).toBe(start - 12 * HOUR);
    expect(freeCancelUntil(CLUB, start)).toBe(start - 24 * HOUR);
    expect(insideLateCancelWindow(STRICT, start, start - 13 * HOUR)).toBe(false);
    expect(insideLateCancelWindow(STRICT, start, start - 11 * HOUR)).toBe(true);
  });

  it('warns of a late cancel from the window’s opening up to the start, not after it', () => {
    const start = Date.parse('2026-12-01T23:00:00Z');
    expect(insideLateCancelWindow(CLUB, start, start - 24 * HOUR)).toBe(false);
    expect(insideLateCancelWindow(CLUB, start, start - 24 * HOUR + 1)).toBe(true);
    expect(insideLateCancelWindow(CLUB, start, start)).toBe(false);
    // Started: nobody cancels any more, so there is nothing to warn of.
    expect(insideLateCancelWindow(CLUB, start, start + 1)).toBe(false);
    expect(isLateCancel(CLUB, start, start + 1)).toBe(true);
  });

  it('suspends for the suspension period, and passes a suspended member over for promotion', () => {
    const now = Date.parse('2026-12-01T12:00:00Z');
    expect(suspensionEndsAt(CLUB, now)).toBe(now + 7 * DAY);
    expect(suspensionEndsAt(STRICT, now)).toBe(now + 3 * DAY);
    expect(isSuspended(null, now)).toBe(false);
    expect(isSuspended(undefined, now)).toBe(false);
    expect(isSuspended(now, now)).toBe(false);
    expect(isSuspended(now + 1, now)).toBe(true);
    const promoted = (suspendedUntil: number | null) => waitlistPromotions([{ suspendedUntil }], null, 0, now).length === 1;
    expect(promoted(now + 1)).toBe(false);
    expect(promoted(now)).toBe(true);
    expect(promoted(null)).toBe(true);
  });

  it('fills a workout or a lane up to its capacity, first come first served, passing over a suspended member', () => {
    const now = 1000;
    const queue = [
      { name: 'a', suspendedUntil: null },
      { name: 'b', suspendedUntil: now + 1 },
      { name: 'c', suspendedUntil: now - 1 },
      { name: 'd', suspendedUntil: null },
    ];
    expect(waitlistPromotions(queue, 6, 4, now).map((e) => e.name)).toEqual(['a', 'c']);
    expect(waitlistPromotions(queue, 6, 6, now)).toEqual([]);
    expect(waitlistPromotions(queue, 6, 7, now)).toEqual([]);
    expect(waitlistPromotions(queue, null, 40, now).map((e) => e.name)).toEqual(['a', 'c', 'd']);
    expect(isFull(6, 6)).toBe(true);
    expect(isFull(null, 600)).toBe(false);
  });

  it('locks attendance once it has been submitted', () => {
    expect(attendanceLocked(null)).toBe(false);
    expect(attendanceLocked(undefined)).toBe(false);
    expect(attendanceLocked({ submitted: false })).toBe(false);
    expect(attendanceLocked({ submitted: true })).toBe(true);
  });

  it('suspends on every third absence and counts down to it', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => startsSuspension(CLUB, n))).toEqual([false, false, true, false, false, true]);
    expect([0, 1, 2, 3, 4].map((n) => absencesUntilSuspension(CLUB, n))).toEqual([3, 2, 1, 3, 2]);
  });

  it('suspends on every second absence when the club says two', () => {
    expect([1, 2, 3, 4].map((n) => startsSuspension(STRICT, n))).toEqual([false, true, false, true]);
    expect([0, 1, 2, 3].map((n) => absencesUntilSuspension(STRICT, n))).toEqual([2, 1, 2, 1]);
  });

  it('knows full and unlimited', () => {
    expect(isFull(null, 500)).toBe(false);
    expect(isFull(3, 2)).toBe(false);
    expect(isFull(3, 3)).toBe(true);
  });

  it('serves the waitlist first come, first served', () => {
    const list = [
      { id: 3, joinedAt: 20 },
      { id: 2, joinedAt: 10 },
      { id: 1, joinedAt: 10 },
    ];
    expect([...list].sort(waitlistOrder).map((e) => e.id)).toEqual([1, 2, 3]);
  });

  it('lets the author, execs and administrators manage a post', () => {
    expect(canManagePost({ id: 5, role: 'member' }, 5)).toBe(true);
    expect(canManagePost({ id: 6, role: 'member' }, 5)).toBe(false);
    expect(canManagePost({ id: 6, role: 'exec' }, 5)).toBe(true);
    expect(canManagePost({ id: 6, role: 'administrator' }, null)).toBe(true);
    expect(canManagePost({ id: 6, role: 'member' }, null)).toBe(false);
    expect(canManagePost(null, 5)).toBe(false);
  });

  it('words the rules from their numbers', () => {
    const text = ruleText(CLUB);
    expect(text.lateCancel).toBe('Cancelling less than 24 hours before a workout counts as an absence.');
    expect(text.suspension).toBe('Three absences suspend your workout sign-ups for one week.');
    expect(text.suspensionCounted).toBe('three absences (late cancellations or no-shows) suspend sign-ups for a week');
    expect(lateCancelCountedText(CLUB, 2)).toBe(
      'This cancellation was less than 24 hours before the workout and counts as an absence (2 so far).',
    );
    expect(suspendedUntilText(CLUB, 'Mon, Dec 7')).toBe('Your workout sign-ups are suspended until Mon, Dec 7: 3 absences suspend sign-ups for a week.');
  });

  it('words the club’s own numbers: 12 hours, two absences, three days', () => {
    const text = ruleText(STRICT);
    expect(text.lateCancel).toBe('Cancelling less than 12 hours before a workout counts as an absence.');
    expect(text.lateCancelNow).toBe('This workout starts in less than 12 hours: cancelling now counts as an absence.');
    expect(text.suspension).toBe('Two absences suspend your workout sign-ups for three days.');
    expect(text.suspensionShort).toBe('two absences suspend sign-ups for three days');
    expect(text.suspensionPeriod).toBe('3 days');
    expect(lateCancelCountedText(STRICT, 1)).toMatch(/^This cancellation was less than 12 hours before/);
    expect(suspendedUntilText(STRICT, 'Mon, Dec 7')).toBe('Your workout sign-ups are suspended until Mon, Dec 7: 2 absences suspend sign-ups for 3 days.');
    const one = ruleText({ lateCancelHours: 1, absencesBeforeSuspension: 1, suspensionDays: 1 });
    expect(one.lateCancel).toBe('Cancelling less than 1 hour before a workout counts as an absence.');
    expect(one.suspension).toBe('One absence suspends your workout sign-ups for one day.');
    expect(one.suspensionCounted).toBe('one absence (a late cancellation or a no-show) suspends sign-ups for a day');
  });
});

describe('how soon a workout may be posted', () => {
  // 10:00 on Monday, March 2, 2026 in Toronto.
  const now = Date.parse('2026-03-02T15:00:00Z');
  const today = '2026-03-02';
  const MINUTE = 60_000;
  const ninety: RuleNumbers = { ...CLUB, postingNoticeMinutes: 90 };

  it('by default, only for a date after the club’s today, whatever the time', () => {
    expect(CLUB.postingNoticeMinutes).toBeUndefined();
    expect(mayPostFor(CLUB, { date: '2026-03-02', start: now + 10 * HOUR }, now, today)).toBe(false);
    expect(mayPostFor(CLUB, { date: '2026-03-01', start: now - DAY }, now, today)).toBe(false);
    // Tomorrow at 00:05 is fourteen hours away, and allowed; later today never is.
    expect(mayPostFor(CLUB, { date: '2026-03-03', start: now + 14 * HOUR }, now, today)).toBe(true);
    expect(earliestPostableStart(CLUB, now)).toBeNull();
  });

  it('with the club’s minutes, up to that long before the start, later today included', () => {
    expect(mayPostFor(ninety, { date: today, start: now + 90 * MINUTE }, now, today)).toBe(true);
    expect(mayPostFor(ninety, { date: today, start: now + 89 * MINUTE }, now, today)).toBe(false);
    expect(mayPostFor(ninety, { date: '2026-03-03', start: now + DAY }, now, today)).toBe(true);
    expect(earliestPostableStart(ninety, now)).toBe(now + 90 * MINUTE);
    // Nought minutes: anything still ahead.
    const none = { ...CLUB, postingNoticeMinutes: 0 };
    expect(mayPostFor(none, { date: today, start: now + 1 }, now, today)).toBe(true);
    expect(mayPostFor(none, { date: today, start: now - 1 }, now, today)).toBe(false);
  });

  it('words the rule, its refusal and the refusal of a move from the same number', () => {
    expect(ruleText(CLUB)).toMatchObject({
      postingRule: 'A new workout can be posted for tomorrow or later.',
      postingRefused: 'Please select a future date for your workout.',
      moveRefused: 'A workout can be moved earlier only to tomorrow or later, as a new one is posted. Choose a later date.',
    });
    expect(ruleText(ninety)).toMatchObject({
      postingRule: 'A new workout can be posted up to 1 h 30 min before it starts.',
      postingRefused: 'Please choose a start at least 1 h 30 min from now for your workout.',
      moveRefused: 'A workout can be moved earlier only to a start at least 1 h 30 min from now, as a new one is posted. Choose a later date or time.',
    });
    expect(ruleText({ ...CLUB, postingNoticeMinutes: 120 }).postingRule).toBe('A new workout can be posted up to 2 hours before it starts.');
    expect(ruleText({ ...CLUB, postingNoticeMinutes: 0 }).postingRule).toBe('A new workout can be posted up to its start.');
  });
});

describe('when plans change', () => {
  it('words a cancelled item with its reason', () => {
    expect(cancelledText('workout', 'Pool closed for a meet')).toBe('This workout was cancelled: Pool closed for a meet');
    expect(cancelledText('event', null)).toBe('This event was cancelled.');
  });

  it('keeps an announcement within 60 days of the club’s today, on the calendar', () => {
    const schema = announcementSchema('2026-12-15');
    const ok = { title: 'Holiday hours', body: 'Pool closed 24–26 Dec.' };
    expect(schema.safeParse({ ...ok, until: '2026-12-15' }).success).toBe(true);
    expect(schema.safeParse({ ...ok, until: '2027-02-13' }).success).toBe(true);
    expect(schema.safeParse({ ...ok, until: '2027-02-14' }).success).toBe(false);
    expect(schema.safeParse({ ...ok, until: '2026-12-14' }).success).toBe(false);
    expect(latestAnnouncementDate('2026-12-15')).toBe('2027-02-13');
  });
});
