import { describe, expect, it } from 'vitest';
import { judgeEdit, slotHasPassed, type Slot } from './moves';
import { clubFormat } from './club-format';

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

describe('slotHasPassed', () => {
  it('passes a timed slot at its start, an all-day one when its day is over', () => {
    expect(slotHasPassed({ date: '2026-03-02', time: '10:00' }, NOW, TZ)).toBe(true);
    expect(slotHasPassed({ date: '2026-03-02', time: '10:01' }, NOW, TZ)).toBe(false);
    expect(slotHasPassed({ date: '2026-03-02', time: '' }, NOW, TZ)).toBe(false);
    expect(slotHasPassed({ date: '2026-03-01', time: '' }, NOW, TZ)).toBe(true);
  });
});
