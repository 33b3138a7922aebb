import { describe, expect, it } from 'vitest';
import { announcementSchema, latestAnnouncementDate } from './contract/announcements-schemas';
import {
  ABSENCES_PER_SUSPENSION,
  LATE_CANCEL_HOURS,
  RULE_TEXT,
  SUSPENSION_MS,
  absencesUntilSuspension,
  attendanceLocked,
  canManagePost,
  cancelledText,
  isFull,
  insideLateCancelWindow,
  isLateCancel,
  isSuspended,
  lateCancelCountedText,
  mayBePromoted,
  startsSuspension,
  suspendedUntilText,
  suspensionEndsAt,
  waitlistOrder,
} from './rules';

const HOUR = 3_600_000;

describe('the club rules', () => {
  it('counts a cancel under the window as late', () => {
    const start = Date.parse('2026-12-01T23:00:00Z');
    expect(isLateCancel(start, start - LATE_CANCEL_HOURS * HOUR)).toBe(false);
    expect(isLateCancel(start, start - LATE_CANCEL_HOURS * HOUR + 1)).toBe(true);
    expect(isLateCancel(start, start - 30 * HOUR)).toBe(false);
  });

  it('warns of a late cancel from the window’s opening up to the start, not after it', () => {
    const start = Date.parse('2026-12-01T23:00:00Z');
    expect(insideLateCancelWindow(start, start - LATE_CANCEL_HOURS * HOUR)).toBe(false);
    expect(insideLateCancelWindow(start, start - LATE_CANCEL_HOURS * HOUR + 1)).toBe(true);
    expect(insideLateCancelWindow(start, start)).toBe(false);
    // Started: nobody cancels any more, so there is nothing to warn of.
    expect(insideLateCancelWindow(start, start + 1)).toBe(false);
    expect(isLateCancel(start, start + 1)).toBe(true);
  });

  it('suspends for the suspension period, and passes a suspended member over for promotion', () => {
    const now = Date.parse('2026-12-01T12:00:00Z');
    expect(suspensionEndsAt(now)).toBe(now + SUSPENSION_MS);
    expect(isSuspended(null, now)).toBe(false);
    expect(isSuspended(undefined, now)).toBe(false);
    expect(isSuspended(now, now)).toBe(false);
    expect(isSuspended(now + 1, now)).toBe(true);
    expect(mayBePromoted({ suspendedUntil: now + 1 }, now)).toBe(false);
    expect(mayBePromoted({ suspendedUntil: now }, now)).toBe(true);
    expect(mayBePromoted({ suspendedUntil: null }, now)).toBe(true);
  });

  it('locks attendance once it has been submitted', () => {
    expect(attendanceLocked(null)).toBe(false);
    expect(attendanceLocked(undefined)).toBe(false);
    expect(attendanceLocked({ submitted: false })).toBe(false);
    expect(attendanceLocked({ submitted: true })).toBe(true);
  });

  it('suspends on every third absence and counts down to it', () => {
    expect(ABSENCES_PER_SUSPENSION).toBe(3);
    expect([1, 2, 3, 4, 5, 6].map(startsSuspension)).toEqual([false, false, true, false, false, true]);
    expect([0, 1, 2, 3, 4].map(absencesUntilSuspension)).toEqual([3, 2, 1, 3, 2]);
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
    expect(RULE_TEXT.lateCancel).toBe('Cancelling less than 24 hours before a workout counts as an absence.');
    expect(RULE_TEXT.suspension).toBe('Three absences suspend your workout sign-ups for one week.');
    expect(RULE_TEXT.suspensionCounted).toBe('three absences (late cancellations or no-shows) suspend sign-ups for a week');
    expect(lateCancelCountedText(2)).toBe(
      'This cancellation was less than 24 hours before the workout and counts as an absence (2 so far).',
    );
    expect(suspendedUntilText('Mon, Dec 7')).toBe('Your workout sign-ups are suspended until Mon, Dec 7: 3 absences suspend sign-ups for a week.');
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
