import { describe, expect, it } from 'vitest';
import {
  addDays,
  attendanceOpens,
  calendarDateForFormatting,
  forumDayOf,
  forumOrder,
  clubTimeToEpoch,
  clubToday,
  daysBetween,
  hasStarted,
  hoursUntil,
  isCalendarDate,
  isTimeZone,
  startInstant,
  weekdayOf,
} from './clock';

describe('club dates', () => {
  it('knows IANA zone names and refuses the rest', () => {
    expect(isTimeZone('America/Toronto')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Toronto')).toBe(false);
    expect(isTimeZone('America/Totonto')).toBe(false);
    expect(isTimeZone('+05:00')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it("takes today's date from the club's zone, not the machine's", () => {
    // 03:30 UTC on 1 March is still 28 February in Toronto, already 1 March in Tokyo.
    const instant = Date.parse('2026-03-01T03:30:00Z');
    expect(clubToday(instant, 'America/Toronto')).toBe('2026-02-28');
    expect(clubToday(instant, 'Asia/Tokyo')).toBe('2026-03-01');
    expect(clubToday(new Date(instant), 'UTC')).toBe('2026-03-01');
  });

  it('turns club wall-clock times into instants across daylight-saving changes', () => {
    expect(clubTimeToEpoch('2026-03-07', '23:00', 'America/Toronto')).toBe(Date.parse('2026-03-08T04:00:00Z'));
    expect(clubTimeToEpoch('2026-03-08', '12:00', 'America/Toronto')).toBe(Date.parse('2026-03-08T16:00:00Z'));
    expect(clubTimeToEpoch('2026-10-25', '09:00', 'Europe/Paris')).toBe(Date.parse('2026-10-25T08:00:00Z'));
    expect(clubTimeToEpoch('2026-10-24', '09:00', 'Europe/Paris')).toBe(Date.parse('2026-10-24T07:00:00Z'));
  });

  it('counts calendar days, one per day also on a 23-hour day', () => {
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('the club clock', () => {
  // A Toronto workout at 18:00 on 2 March 2026 starts at 23:00 UTC (EST, UTC-5).
  const workout = { workout_date: '2026-03-02', workout_time: '18:00' };
  const start = Date.parse('2026-03-02T23:00:00Z');

  it('reads a start on the club clock whatever zone the machine is in', () => {
    const before = process.env.TZ;
    try {
      for (const zone of ['Asia/Tokyo', 'America/Vancouver', 'UTC']) {
        process.env.TZ = zone;
        expect(startInstant('2026-03-02', '18:00', 'America/Toronto')).toBe(start);
        expect(hoursUntil('2026-03-02', '18:00', start - 30 * 3_600_000, 'America/Toronto')).toBe(30);
        expect(hasStarted(workout, start - 1, 'America/Toronto')).toBe(false);
        expect(hasStarted(workout, start, 'America/Toronto')).toBe(true);
        expect(attendanceOpens(workout, start, 'America/Toronto')).toBe(true);
      }
    } finally {
      // Assigning undefined would set the string 'undefined'; the test files of a worker share process.env.
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('treats a missing time as the start of the club day', () => {
    expect(startInstant('2026-03-02', '', 'America/Toronto')).toBe(Date.parse('2026-03-02T05:00:00Z'));
  });

  it('knows real calendar dates and weekdays', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2027-13-01')).toBe(false);
    expect(isCalendarDate('2027-04-31')).toBe(false);
    expect(isCalendarDate('2027-00-10')).toBe(false);
    expect(isCalendarDate('27-01-01')).toBe(false);
    expect(weekdayOf('2026-11-24')).toBe(2);
    expect(weekdayOf('2026-11-29')).toBe(0);
    expect(calendarDateForFormatting('2026-11-24').toISOString()).toBe('2026-11-24T12:00:00.000Z');
  });

  it("orders the forum: today's first whatever has started, then the days ahead, then the days gone", () => {
    const w = (id: number, date: string, time: string) => ({ id, date, time });
    const items = [w(1, '2026-03-02', '18:00'), w(2, '2026-03-04', '12:00'), w(3, '2026-03-04', '06:00'), w(4, '2026-03-05', '07:00'), w(5, '2026-03-01', '09:00'), w(6, '2026-03-06', '')];
    const ids = (today: string) => forumOrder(items, (i) => i, today).map((i) => i.id);
    expect(ids('2026-03-04')).toEqual([3, 2, 4, 6, 1, 5]);
    expect(ids('2026-03-05')).toEqual([4, 6, 2, 3, 1, 5]);
    expect(forumDayOf('2026-03-04', '2026-03-04')).toBe('today');
    expect(forumDayOf('2026-03-05', '2026-03-04')).toBe('ahead');
    expect(forumDayOf('2026-03-03', '2026-03-04')).toBe('past');
    // Equal starts keep the order they came in.
    expect(forumOrder([w(9, '2026-03-04', '06:00'), w(8, '2026-03-04', '06:00')], (i) => i, '2026-03-04').map((i) => i.id)).toEqual([9, 8]);
  });
});
