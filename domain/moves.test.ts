import { describe, expect, it } from 'vitest';
import { earliestPostingDate, judgeEdit, postingProblem, slotHasPassed, type Slot } from './moves';
import { clubFormat } from './region/club-format';
import { DEFAULT_RULE_NUMBERS, ruleText, type RuleNumbers } from './rules';

const TZ = 'America/Toronto';
const dates = clubFormat('en-US');
// Monday, March 2, 2026 at 10:00 in Toronto.
const NOW = Date.parse('2026-03-02T15:00:00Z');
const slot = (date: string, time: string, place = 'Pool'): Slot => ({ date, time, place });

describe('judgeEdit', () => {
  it('refuses moving a session that is still ahead to a start that has passed, naming it', () => {
    expect(judgeEdit('workout', slot('2026-03-04', '18:00'), slot('2026-03-01', '18:00'), NOW, TZ, dates)).toEqual({
      allowed: false,
      field: 'date',
      error: 'This would move the workout to Sunday, March 1, 2026 at 6:00 PM, which has already passed. Choose a later date or time.',
    });
    // Earlier today, before now: passed too; the time is what changed.
    expect(judgeEdit('workout', slot('2026-03-02', '18:00'), slot('2026-03-02', '09:30'), NOW, TZ, dates)).toMatchObject({ allowed: false, field: 'time' });
    // An all-day event moved to yesterday.
    expect(judgeEdit('event', slot('2026-03-05', ''), slot('2026-03-01', ''), NOW, TZ, dates)).toMatchObject({
      allowed: false,
      error: expect.stringContaining('move the event to Sunday, March 1, 2026, which has already passed'),
    });
  });

  it('counts a change of date, time or place of a session still ahead as a move', () => {
    expect(judgeEdit('workout', slot('2026-03-04', '18:00'), slot('2026-03-05', '18:00'), NOW, TZ, dates)).toEqual({ allowed: true, moved: true });
    expect(judgeEdit('workout', slot('2026-03-04', '18:00'), slot('2026-03-04', '19:00'), NOW, TZ, dates)).toEqual({ allowed: true, moved: true });
    expect(judgeEdit('workout', slot('2026-03-04', '18:00'), slot('2026-03-04', '18:00', 'Track'), NOW, TZ, dates)).toEqual({ allowed: true, moved: true });
    // Later today is still ahead.
    expect(judgeEdit('workout', slot('2026-03-04', '18:00'), slot('2026-03-02', '18:00'), NOW, TZ, dates)).toEqual({ allowed: true, moved: true });
    // An all-day event moved to today: still on today.
    expect(judgeEdit('event', slot('2026-03-05', ''), slot('2026-03-02', ''), NOW, TZ, dates)).toEqual({ allowed: true, moved: true });
  });

  it('lets a session that has started be corrected without telling anyone it moved', () => {
    // Started at 06:00 today; it really started at 06:30, at the track.
    expect(judgeEdit('workout', slot('2026-03-02', '06:00'), slot('2026-03-02', '06:30'), NOW, TZ, dates)).toEqual({ allowed: true, moved: false });
    // Under way since 09:45; its start is put right to 10:15, a little after now: the same day's session still.
    expect(judgeEdit('workout', slot('2026-03-02', '09:45'), slot('2026-03-02', '10:15', 'Track'), NOW, TZ, dates)).toEqual({ allowed: true, moved: false });
    expect(judgeEdit('workout', slot('2026-03-01', '18:00'), slot('2026-03-01', '18:00', 'Track'), NOW, TZ, dates)).toEqual({ allowed: true, moved: false });
    // Put back on a later day, it is a move again: members have plans to change.
    expect(judgeEdit('workout', slot('2026-03-01', '18:00'), slot('2026-03-09', '18:00'), NOW, TZ, dates)).toEqual({ allowed: true, moved: true });
  });

  it('lets an edit that keeps date, time and place through, and tells nobody', () => {
    expect(judgeEdit('workout', slot('2026-03-04', '18:00'), slot('2026-03-04', '18:00'), NOW, TZ, dates)).toEqual({ allowed: true, moved: false });
    expect(judgeEdit('workout', slot('2026-02-20', '18:00'), slot('2026-02-20', '18:00'), NOW, TZ, dates)).toEqual({ allowed: true, moved: false });
  });
});

describe('the posting rule on the club’s clock', () => {
  const ninety: RuleNumbers = { ...DEFAULT_RULE_NUMBERS, postingNoticeMinutes: 90 };

  it('refuses a new workout too soon, on the date when no time that day would do, else on the time', () => {
    const tomorrowOnly = ruleText(DEFAULT_RULE_NUMBERS).postingRefused;
    expect(postingProblem(DEFAULT_RULE_NUMBERS, slot('2026-03-02', '23:00'), NOW, TZ)).toEqual({ field: 'date', error: tomorrowOnly });
    expect(postingProblem(DEFAULT_RULE_NUMBERS, slot('2026-03-03', '06:00'), NOW, TZ)).toBeNull();
    // 10:00 now, 90 minutes' notice: 11:30 is the soonest start.
    expect(postingProblem(ninety, slot('2026-03-02', '11:30'), NOW, TZ)).toBeNull();
    expect(postingProblem(ninety, slot('2026-03-02', '11:29'), NOW, TZ)).toEqual({ field: 'time', error: ruleText(ninety).postingRefused });
    expect(postingProblem(ninety, slot('2026-03-01', '18:00'), NOW, TZ)).toMatchObject({ field: 'date' });
    // At 23:00 nothing later that day is 90 minutes away: the date is what to change.
    const late = Date.parse('2026-03-03T04:00:00Z');
    expect(postingProblem(ninety, slot('2026-03-02', '23:45'), late, TZ)).toMatchObject({ field: 'date' });
    expect(postingProblem(ninety, slot('2026-03-03', '00:30'), late, TZ)).toBeNull();
  });

  it('offers the first date the rule allows', () => {
    expect(earliestPostingDate(DEFAULT_RULE_NUMBERS, NOW, TZ)).toBe('2026-03-03');
    expect(earliestPostingDate(ninety, NOW, TZ)).toBe('2026-03-02');
    expect(earliestPostingDate(ninety, Date.parse('2026-03-03T04:00:00Z'), TZ)).toBe('2026-03-03');
  });

  it('holds a move to an earlier start to it, never one put off or a started session’s correction', () => {
    const club = DEFAULT_RULE_NUMBERS;
    // From Wednesday to later today: New Workout could not post that.
    expect(judgeEdit('workout', slot('2026-03-04', '18:00'), slot('2026-03-02', '18:00'), NOW, TZ, dates, club)).toEqual({
      allowed: false,
      field: 'date',
      error: ruleText(club).moveRefused,
    });
    // Earlier, to tomorrow: allowed; put off, always.
    expect(judgeEdit('workout', slot('2026-03-04', '18:00'), slot('2026-03-03', '07:00'), NOW, TZ, dates, club)).toEqual({ allowed: true, moved: true });
    expect(judgeEdit('workout', slot('2026-03-02', '18:00'), slot('2026-03-02', '19:00'), NOW, TZ, dates, club)).toEqual({ allowed: true, moved: true });
    // Started, corrected on its day: no move, no rule.
    expect(judgeEdit('workout', slot('2026-03-02', '09:45'), slot('2026-03-02', '09:30'), NOW, TZ, dates, club)).toEqual({ allowed: true, moved: false });
    // With 90 minutes' notice: today 18:00 may come to 11:30, not to 11:00 (the time is what to change).
    expect(judgeEdit('workout', slot('2026-03-02', '18:00'), slot('2026-03-02', '11:30'), NOW, TZ, dates, ninety)).toEqual({ allowed: true, moved: true });
    expect(judgeEdit('workout', slot('2026-03-02', '18:00'), slot('2026-03-02', '11:00'), NOW, TZ, dates, ninety)).toEqual({
      allowed: false,
      field: 'time',
      error: ruleText(ninety).moveRefused,
    });
    // A place changed alone keeps the start: nothing to hold.
    expect(judgeEdit('workout', slot('2026-03-02', '11:00'), slot('2026-03-02', '11:00', 'Track'), NOW, TZ, dates, ninety)).toEqual({ allowed: true, moved: true });
  });
});

describe('slotHasPassed', () => {
  it('passes a timed slot at its start, an all-day one when its day is over', () => {
    expect(slotHasPassed({ date: '2026-03-02', time: '10:00' }, NOW, TZ)).toBe(true);
    expect(slotHasPassed({ date: '2026-03-02', time: '10:01' }, NOW, TZ)).toBe(false);
    expect(slotHasPassed({ date: '2026-03-02', time: '' }, NOW, TZ)).toBe(false);
    expect(slotHasPassed({ date: '2026-03-01', time: '' }, NOW, TZ)).toBe(true);
  });
});
