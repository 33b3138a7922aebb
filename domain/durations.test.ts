import { describe, expect, it } from 'vitest';
import { EVENT_MINUTES, durationBetween, durationOf, endOf, endTimeOf, storedDuration, usualMinutes } from './durations';
import { defaultSports } from './sports';

const sports = defaultSports();
const DEFAULT_DURATION_MINUTES = {
  ...Object.fromEntries(sports.types.map((t) => [t.id, usualMinutes(sports, t.id)])),
  event: EVENT_MINUTES,
};

describe('how long a session lasts', () => {
  it('has one usual length per kind: a swim, a spin or a run an hour, a ride two, a brick an hour and a half', () => {
    expect(DEFAULT_DURATION_MINUTES).toMatchObject({ swim: 60, spin: 60, run: 60, 'outdoor-ride': 120, brick: 90, other: 60, event: 120 });
    expect(durationOf(usualMinutes(sports, 'outdoor-ride'), null)).toBe(120);
    expect(durationOf(usualMinutes(sports, 'outdoor-ride'), 45)).toBe(45);
  });

  it('counts the minutes from a start to an end on the same day, and none when the end is not after it', () => {
    expect(durationBetween('18:00', '19:30')).toBe(90);
    expect(durationBetween('18:00', '18:00')).toBeNull();
    expect(durationBetween('18:00', '07:00')).toBeNull();
  });

  it('works out the end on the wall clock', () => {
    expect(endTimeOf('18:15', 90)).toBe('19:45');
    expect(endTimeOf('23:30', 90)).toBe('01:00');
    expect(endOf(usualMinutes(sports, 'brick'), '08:00', null)).toBe('09:30');
    expect(endOf(EVENT_MINUTES, '', null)).toBe('');
  });

  it('stores what a request says: nothing sent keeps, empty is the usual length, a time its minutes', () => {
    expect(storedDuration('18:00', undefined)).toBeUndefined();
    expect(storedDuration('18:00', '')).toBeNull();
    expect(storedDuration('18:00', '20:00')).toBe(120);
    expect(storedDuration('', '20:00')).toBeNull();
  });
});
