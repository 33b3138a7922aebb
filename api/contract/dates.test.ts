import { describe, expect, it } from 'vitest';
import { addDays, clubTimeToEpoch, clubToday, daysBetween, isTimeZone } from './dates';

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
