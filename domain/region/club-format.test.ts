import { describe, expect, it } from 'vitest';
import { canonicalLocale, clubDateTimeOf, clubFormat, currencyDigits, formatDuration } from './club-format';

// The club's default locale: today's output, byte for byte.
const us = clubFormat('en-US');

describe('the club format', () => {
  it('writes times on a 12-hour clock', () => {
    expect(us.time('18:15')).toBe('6:15 PM');
    expect(us.time('00:05')).toBe('12:05 AM');
    expect(us.time('12:00')).toBe('12:00 PM');
    expect(us.time('')).toBe('');
    expect(us.time(null)).toBe('');
  });

  it('writes dates in three lengths, without zone shifts', () => {
    expect(us.date('2026-03-02')).toBe('Mon, Mar 2, 2026');
    expect(us.date('2026-11-21', 'medium')).toBe('Nov 21, 2026');
    expect(us.date('2026-03-04', 'long')).toBe('Wednesday, March 4, 2026');
    expect(us.date('not a date')).toBe('not a date');
  });

  it('joins a date and its time with "at", the same for emails, pushes and screens', () => {
    expect(us.dateTime('2026-03-04', '18:00')).toBe('Wednesday, March 4, 2026 at 6:00 PM');
    expect(us.dateTime('2026-03-04', '07:30', 'medium')).toBe('Mar 4, 2026 at 7:30 AM');
    // An all-day event: the day alone.
    expect(us.dateTime('2026-03-04', '')).toBe('Wednesday, March 4, 2026');
  });

  it('writes a start and its end as one range', () => {
    expect(us.timeRange('18:00', '19:30')).toBe('6:00 – 7:30 PM');
    expect(us.timeRange('11:00', '12:30')).toBe('11:00 AM – 12:30 PM');
    expect(us.timeRange('18:00', null)).toBe('6:00 PM');
    expect(us.dateTime('2026-03-04', '18:00', 'long', '20:00')).toBe('Wednesday, March 4, 2026, 6:00 – 8:00 PM');
  });

  it('writes a length of time', () => {
    expect([45, 60, 90, 120].map(formatDuration)).toEqual(['45 min', '1 hour', '1 h 30 min', '2 hours']);
  });

  it('reads an instant on the club clock, whatever the machine’s zone', () => {
    // 15:00 UTC is 10:00 in Toronto (EST) and midnight the next day in Tokyo.
    const at = Date.parse('2026-03-02T15:00:00Z');
    expect(clubDateTimeOf(at, 'America/Toronto')).toEqual({ date: '2026-03-02', time: '10:00' });
    expect(clubDateTimeOf(at, 'Asia/Tokyo')).toEqual({ date: '2026-03-03', time: '00:00' });
    expect(us.instant(at, 'America/Toronto', 'long')).toBe('Monday, March 2, 2026 at 10:00 AM');
    expect(us.instant(at, 'America/Toronto')).toBe('Mar 2, 2026 at 10:00 AM');
    expect(us.instant(at, 'Asia/Tokyo')).toBe('Mar 3, 2026 at 12:00 AM');
  });

  it('writes the default the same whichever way its locale is spelt, and the weekday and month parts too', () => {
    expect(clubFormat('en-us').dateTime('2026-03-04', '18:00')).toBe('Wednesday, March 4, 2026 at 6:00 PM');
    expect(us.datePart('2026-03-02', 'weekday')).toBe('Monday');
    expect(us.datePart('2026-03-02', 'weekday-short')).toBe('Mon');
    expect(us.datePart('2026-03-02', 'day')).toBe('2');
    expect(us.datePart('2027-03-02', 'month')).toBe('March 2027');
  });
});

describe('the club format in another locale', () => {
  const au = clubFormat('en-AU');

  it('writes en-AU dates day first and its own am/pm, from Intl', () => {
    expect(au.date('2026-03-02')).toBe('Mon, 2 Mar 2026');
    expect(au.date('2026-11-21', 'medium')).toBe('21 Nov 2026');
    expect(au.date('2026-03-04', 'long')).toBe('Wednesday 4 March 2026');
    expect(au.time('18:15')).toBe('6:15 pm');
    expect(au.dateTime('2026-03-04', '18:00')).toBe('Wednesday 4 March 2026 at 6:00 pm');
    expect(au.timeRange('18:00', '19:30')).toBe('6:00 – 7:30 pm');
    expect(au.timeRange('11:00', '12:30')).toBe('11:00 am – 12:30 pm');
    expect(au.instant(Date.parse('2026-03-02T07:00:00Z'), 'Australia/Sydney')).toBe('2 Mar 2026 at 6:00 pm');
  });

  it('writes a 24-hour locale without am/pm and its own word for "at"', () => {
    const de = clubFormat('de-DE');
    expect(de.time('18:15')).toBe('18:15');
    expect(de.timeRange('18:00', '19:30')).toBe('18:00 – 19:30');
    expect(de.dateTime('2026-03-04', '18:00')).toBe('Mittwoch, 4. März 2026 um 18:00');
    expect(clubFormat('en-GB').time('06:05')).toBe('06:05');
  });

  it('falls back to the default for a tag it cannot write in, never throwing', () => {
    expect(clubFormat('not a locale').dateTime('2026-03-04', '18:00')).toBe('Wednesday, March 4, 2026 at 6:00 PM');
  });

  it('canonicalises a locale Intl supports and refuses anything else', () => {
    expect(canonicalLocale('en-au')).toBe('en-AU');
    expect(canonicalLocale(' fr-ca ')).toBe('fr-CA');
    expect(canonicalLocale('en_AU')).toBeNull();
    expect(canonicalLocale('zz-ZZ')).toBeNull();
    expect(canonicalLocale('')).toBeNull();
    expect(canonicalLocale(42)).toBeNull();
  });
});

describe('the club’s money', () => {
  it('writes an amount for people in the default locale as it always read', () => {
    const f = clubFormat('en-US');
    expect(f.money(28928, 'CAD')).toBe('$289.28');
    expect(f.money(102450, 'EUR')).toBe('€1,024.50');
    expect(f.money(-1200, 'GBP')).toBe('-£12.00');
    expect(f.money(5, 'CHF')).toBe('CHF 0.05');
  });

  it('writes it the way the club’s locale does', () => {
    expect(clubFormat('fr-CA').money(28928, 'CAD')).toBe('289,28 $');
    expect(clubFormat('de-DE').money(102450, 'EUR')).toBe('1.024,50 €');
    expect(clubFormat('en-IN').money(12345678, 'INR')).toBe('₹1,23,456.78');
  });

  it('counts each currency in its own minor units', () => {
    expect(currencyDigits('CAD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
    expect(currencyDigits('XXQ')).toBeNull();
    expect(currencyDigits('jpy')).toBeNull();
    expect(clubFormat('en-US').money(1200, 'JPY')).toBe('¥1,200');
    expect(clubFormat('en-US').money(12345, 'KWD')).toBe('KWD 12.345');
  });
});
