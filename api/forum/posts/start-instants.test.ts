import { describe, expect, it } from 'vitest';
import { clubTimeToEpoch } from '../../../domain/clock';
import { clubStartInstant, workoutStart } from './start-instants';

describe('club time', () => {
  it('turns a Toronto date and time into the instant, on both sides of a DST change', () => {
    const tz = 'America/Toronto';
    expect(clubTimeToEpoch('2026-03-03', '07:00', tz)).toBe(Date.parse('2026-03-03T12:00:00Z'));
    expect(clubTimeToEpoch('2026-03-09', '07:00', tz)).toBe(Date.parse('2026-03-09T11:00:00Z'));
    expect(clubTimeToEpoch('2026-03-08', '03:30', tz)).toBe(Date.parse('2026-03-08T07:30:00Z'));
    expect(clubTimeToEpoch('2026-11-01', '12:00', tz)).toBe(Date.parse('2026-11-01T17:00:00Z'));
    expect(clubTimeToEpoch('2026-07-01', '23:59', 'UTC')).toBe(Date.parse('2026-07-01T23:59:00Z'));
  });

  it('gives the same instants through the cache, for a list and for a workout', () => {
    const tz = 'America/Toronto';
    for (const [date, time] of [['2026-03-03', '07:00'], ['2026-03-09', '07:00'], ['2026-11-01', '12:00']] as const) {
      expect(clubStartInstant(date, time, tz)).toBe(clubTimeToEpoch(date, time, tz));
      expect(clubStartInstant(date, time, tz)).toBe(clubTimeToEpoch(date, time, tz));
      expect(workoutStart({ workoutDate: date, workoutTime: time }, tz)).toBe(clubTimeToEpoch(date, time, tz));
    }
  });
});
