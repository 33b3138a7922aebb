import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CLUB_REGION } from '../../../domain/region/club-region';
import { setClubRegion } from '../club/club-region';
import { formatDate, formatDateAndTime, formatDateTime, formatDayOfMonth, formatMonth, formatNumber, formatTime, formatTimeRange, formatWeekday, ordinal, formatAge } from './format';

describe('ordinal', () => {
  it.each([
    [1, '1st'], [2, '2nd'], [3, '3rd'], [4, '4th'], [11, '11th'], [12, '12th'], [13, '13th'], [21, '21st'], [22, '22nd'], [111, '111th'], [101, '101st'],
  ])('%i → %s', (n, s) => expect(ordinal(n)).toBe(s));
});

describe('formatTime', () => {
  it('shows 12-hour times', () => {
    expect(formatTime('18:15')).toBe('6:15 PM');
    expect(formatTime('00:05')).toBe('12:05 AM');
    expect(formatTime('12:00')).toBe('12:00 PM');
  });
});

describe('formatDate and formatDateTime', () => {
  it('show club dates and instants in one style, on the club clock', () => {
    expect(formatDate('2026-03-02')).toBe('Mon, Mar 2, 2026');
    expect(formatDate('2026-03-02', 'long')).toBe('Monday, March 2, 2026');
    expect(formatDate('2026-11-21', 'medium')).toBe('Nov 21, 2026');
    // 23:22 UTC is 6:22 PM in Toronto: the club's clock, not the machine's, and 'PM' as formatTime says it.
    // The club's one format (domain/region/club-format.ts): 'at' between date and time, as in the emails.
    expect(formatDateTime(Date.parse('2026-03-02T23:22:00Z'), 'America/Toronto')).toBe('Mar 2, 2026 at 6:22 PM');
    expect(formatDateTime(Date.parse('2026-03-02T23:22:00Z'), 'Asia/Tokyo')).toBe('Mar 3, 2026 at 8:22 AM');
    expect(formatDateTime(Date.parse('2026-03-02T23:22:00Z'))).toBe('Mar 2, 2026 at 6:22 PM');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('formatWeekday, formatDayOfMonth, formatMonth and formatNumber', () => {
  it('write a club date’s parts without zone shifts, and counts with a thousands separator', () => {
    expect(formatWeekday('2026-03-02')).toBe('Monday');
    expect(formatWeekday('2026-03-02', 'short')).toBe('Mon');
    expect(formatDayOfMonth('2026-03-02')).toBe('2');
    expect(formatMonth('2027-03-31')).toBe('March 2027');
    expect(formatMonth('2026-12-01')).toBe('December 2026');
    expect(formatNumber(2000)).toBe('2,000');
  });
});

describe("the club's language", () => {
  afterEach(() => setClubRegion(DEFAULT_CLUB_REGION));

  it('writes every date and time the way the club’s locale does, once the server has said it', () => {
    setClubRegion({ country: 'AU', locale: 'en-AU' });
    expect(formatDate('2026-03-02')).toBe('Mon, 2 Mar 2026');
    expect(formatTime('18:15')).toBe('6:15 pm');
    expect(formatTimeRange('18:00', '19:30')).toBe('6:00 – 7:30 pm');
    expect(formatDateAndTime('2026-11-29', '05:00')).toBe('Sun, 29 Nov 2026 at 5:00 am');
    expect(formatDateTime(Date.parse('2026-03-02T07:22:00Z'), 'Australia/Sydney')).toBe('2 Mar 2026 at 6:22 pm');
  });

  it('keeps what it knew when the answer is not a country and a language', () => {
    setClubRegion({ country: 'AU', locale: 'en-AU' });
    setClubRegion({ country: 'Australia', locale: 'en-AU' });
    setClubRegion({ country: 'AU', locale: '<script>' });
    setClubRegion(null);
    expect(formatDate('2026-03-02')).toBe('Mon, 2 Mar 2026');
  });

  it('writes a date with its time in the default as it always has', () => {
    expect(formatDateAndTime('2026-11-29', '05:00')).toBe('Sun, Nov 29, 2026 at 5:00 AM');
  });
});

describe('formatAge', () => {
  const now = Date.UTC(2026, 2, 2, 15);
  it.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [60_000, '1 min ago'],
    [59 * 60_000 + 59_000, '59 min ago'],
    [2 * 3_600_000 + 30 * 60_000, '2 h ago'],
    [23 * 3_600_000 + 59 * 60_000, '23 h ago'],
    [24 * 3_600_000, '1 day ago'],
    [3 * 86_400_000 + 5, '3 days ago'],
  ])('%i ms ago → %s', (ago, text) => expect(formatAge(now - ago, now)).toBe(text));

  it('never reads a copy from the future as anything but just now', () => {
    expect(formatAge(now + 5_000, now)).toBe('just now');
  });
});
