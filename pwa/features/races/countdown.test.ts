import { describe, expect, it } from 'vitest';
import { addDays, clubToday as clubDate, daysBetween } from '../../../domain/clock';
import { countdownText } from './countdown';

// The club these tests picture is in Toronto (the default CLUB_TIMEZONE).
const clubToday = (now: Date | number) => clubDate(now, 'America/Toronto');

describe('countdownText', () => {
  it.each([
    ['2026-03-02', 'Today!'],
    ['2026-03-03', 'Tomorrow'],
    ['2026-03-04', '2 days'],
    ['2026-04-01', '30 days'],
    ['2027-03-02', '365 days'],
    ['2026-03-01', 'Past (1 days ago)'],
    ['2026-02-20', 'Past (10 days ago)'],
    ['2025-03-02', 'Past (365 days ago)'],
  ])('race on %s, today 2026-03-02 → %s', (race, text) => {
    expect(countdownText(race, '2026-03-02')).toBe(text);
  });

  it('crosses month ends and leap days', () => {
    expect(countdownText('2028-03-01', '2028-02-28')).toBe('2 days');
    expect(countdownText('2027-03-01', '2027-02-28')).toBe('Tomorrow');
    expect(countdownText('2027-01-01', '2026-12-31')).toBe('Tomorrow');
  });
});

describe('clubToday', () => {
  it('is the date in Toronto, not in UTC or on the device', () => {
    // 03:30 UTC on 3 March is still the evening of 2 March in Toronto (UTC-5).
    expect(clubToday(Date.parse('2026-03-03T03:30:00Z'))).toBe('2026-03-02');
    expect(clubToday(Date.parse('2026-03-03T05:00:00Z'))).toBe('2026-03-03');
    expect(clubToday(new Date('2026-07-01T03:59:00Z'))).toBe('2026-06-30'); // UTC-4 in summer
    expect(clubToday(new Date('2026-07-01T04:00:00Z'))).toBe('2026-07-01');
  });

  it('follows the spring-forward change (8 March 2026, 02:00 EST → 03:00 EDT)', () => {
    expect(clubToday(Date.parse('2026-03-08T04:59:59Z'))).toBe('2026-03-07'); // 23:59:59 EST
    expect(clubToday(Date.parse('2026-03-08T05:00:00Z'))).toBe('2026-03-08'); // midnight EST
    expect(clubToday(Date.parse('2026-03-09T03:59:59Z'))).toBe('2026-03-08'); // 23:59:59 EDT
    expect(clubToday(Date.parse('2026-03-09T04:00:00Z'))).toBe('2026-03-09'); // midnight EDT
  });

  it('follows the fall-back change (1 November 2026, 02:00 EDT → 01:00 EST)', () => {
    expect(clubToday(Date.parse('2026-11-01T03:59:59Z'))).toBe('2026-10-31'); // 23:59:59 EDT
    expect(clubToday(Date.parse('2026-11-01T04:00:00Z'))).toBe('2026-11-01'); // midnight EDT
    expect(clubToday(Date.parse('2026-11-02T04:59:59Z'))).toBe('2026-11-01'); // 23:59:59 EST
    expect(clubToday(Date.parse('2026-11-02T05:00:00Z'))).toBe('2026-11-02'); // midnight EST
  });

  it('gives whole-day countdowns across both changes', () => {
    // Late evening before spring-forward: the 23-hour day still counts as one.
    const beforeSpring = clubToday(Date.parse('2026-03-08T04:30:00Z'));
    expect(countdownText('2026-03-09', beforeSpring)).toBe('2 days');
    expect(countdownText('2026-03-08', clubToday(Date.parse('2026-03-08T23:00:00Z')))).toBe('Today!');
    expect(countdownText('2026-03-09', clubToday(Date.parse('2026-03-09T03:30:00Z')))).toBe('Tomorrow');
    // The 25-hour day of fall-back.
    const lateOnFallBack = clubToday(Date.parse('2026-11-02T04:30:00Z')); // 23:30 EST on 1 Nov
    expect(countdownText('2026-11-01', lateOnFallBack)).toBe('Today!');
    expect(countdownText('2026-11-03', lateOnFallBack)).toBe('2 days');
    expect(countdownText('2026-10-31', lateOnFallBack)).toBe('Past (1 days ago)');
  });
});

describe('daysBetween and addDays', () => {
  it('count whole days and step over the changes', () => {
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(daysBetween('2026-10-25', '2026-11-08')).toBe(14);
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9);
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDays('2026-11-01', -1)).toBe('2026-10-31');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
