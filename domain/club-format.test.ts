import { describe, expect, it } from 'vitest';
import { clubDateTimeOf, formatClubDate, formatDuration, formatClubDateTime, formatClubInstant, formatClubTime, formatClubTimeRange } from './club-format';

describe('the club format', () => {
  it('writes times on a 12-hour clock', () => {
    expect(formatClubTime('18:15')).toBe('6:15 PM');
    expect(formatClubTime('00:05')).toBe('12:05 AM');
    expect(formatClubTime('12:00')).toBe('12:00 PM');
    expect(formatClubTime('')).toBe('');
    expect(formatClubTime(null)).toBe('');
  });

  it('writes dates in three lengths, without zone shifts', () => {
    expect(formatClubDate('2026-03-02')).toBe('Mon, Mar 2, 2026');
    expect(formatClubDate('2026-11-21', 'medium')).toBe('Nov 21, 2026');
    expect(formatClubDate('2026-03-04', 'long')).toBe('Wednesday, March 4, 2026');
    expect(formatClubDate('not a date')).toBe('not a date');
  });

  it('joins a date and its time with "at", the same for emails, pushes and screens', () => {
    expect(formatClubDateTime('2026-03-04', '18:00')).toBe('Wednesday, March 4, 2026 at 6:00 PM');
    expect(formatClubDateTime('2026-03-04', '07:30', 'medium')).toBe('Mar 4, 2026 at 7:30 AM');
    // An all-day event: the day alone.
    expect(formatClubDateTime('2026-03-04', '')).toBe('Wednesday, March 4, 2026');
  });

  it('writes a start and its end as one range', () => {
    expect(formatClubTimeRange('18:00', '19:30')).toBe('6:00 – 7:30 PM');
    expect(formatClubTimeRange('11:00', '12:30')).toBe('11:00 AM – 12:30 PM');
    expect(formatClubTimeRange('18:00', null)).toBe('6:00 PM');
    expect(formatClubDateTime('2026-03-04', '18:00', 'long', '20:00')).toBe('Wednesday, March 4, 2026, 6:00 – 8:00 PM');
  });

  it('writes a length of time', () => {
    expect([45, 60, 90, 120].map(formatDuration)).toEqual(['45 min', '1 hour', '1 h 30 min', '2 hours']);
  });

  it('reads an instant on the club clock, whatever the machine’s zone', () => {
    // 15:00 UTC is 10:00 in Toronto (EST) and midnight the next day in Tokyo.
    const at = Date.parse('2026-03-02T15:00:00Z');
    expect(clubDateTimeOf(at, 'America/Toronto')).toEqual({ date: '2026-03-02', time: '10:00' });
    expect(clubDateTimeOf(at, 'Asia/Tokyo')).toEqual({ date: '2026-03-03', time: '00:00' });
    expect(formatClubInstant(at, 'America/Toronto', 'long')).toBe('Monday, March 2, 2026 at 10:00 AM');
    expect(formatClubInstant(at, 'America/Toronto')).toBe('Mar 2, 2026 at 10:00 AM');
    expect(formatClubInstant(at, 'Asia/Tokyo')).toBe('Mar 3, 2026 at 12:00 AM');
  });
});
