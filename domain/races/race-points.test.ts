import { describe, expect, it } from 'vitest';
import { DEFAULT_RACE_POINTS, clubPlaces, parseRaceTime, personalBests, raceSeason, raceSeasonOf, seasonStartMonthOf, seasonTable, type Finish } from './race-points';

const f = (userId: number, raceId: number, distance: string, finishSeconds: number, raceDate = `2026-0${raceId}-01`): Finish => ({
  userId,
  raceId,
  raceDate,
  distance,
  finishSeconds,
});

describe('club places', () => {
  it('counts per race and distance, fastest first; equal times share a place', () => {
    const a = f(1, 1, 'Sprint', 3600);
    const b = f(2, 1, 'Sprint', 3600);
    const c = f(3, 1, 'Sprint', 3700);
    const d = f(4, 1, 'Olympic', 9000);
    const places = clubPlaces([c, a, b, d]);
    expect([places.get(a), places.get(b), places.get(c), places.get(d)]).toEqual([1, 1, 3, 1]);
  });
});

describe('the season table', () => {
  it('adds finish points and place points, nothing past the list, equal points share a rank', () => {
    const rule = { finishPoints: 5, placePoints: [3] };
    const table = seasonTable([f(1, 1, 'Sprint', 3000), f(2, 1, 'Sprint', 3100), f(3, 2, 'Sprint', 3200), f(2, 2, 'Sprint', 3300)], rule);
    expect(table).toEqual([
      { userId: 2, points: 10, races: 2, rank: 1 },
      { userId: 1, points: 8, races: 1, rank: 2 },
      { userId: 3, points: 8, races: 1, rank: 2 },
    ]);
  });
});

describe('personal bests', () => {
  it('an equal time later does not replace the best; the best is new only at the latest race', () => {
    expect(personalBests([f(1, 1, 'Sprint', 3600), f(1, 2, 'Sprint', 3600)])).toEqual([
      { distance: 'Sprint', raceId: 1, raceDate: '2026-01-01', finishSeconds: 3600, isNew: false },
    ]);
  });
});

describe('race times', () => {
  it.each([
    ['1:05:30', 3930],
    ['45:10', 2710],
    ['0:55', 55],
    ['1:60:00', null],
    ['45:60', null],
    ['fast', null],
  ])('%s is %s seconds', (text, seconds) => {
    expect(parseRaceTime(text)).toBe(seconds);
  });
});

describe('the race season', () => {
  it('is the calendar year by default, and a document from before the setting keeps it', () => {
    expect(seasonStartMonthOf(DEFAULT_RACE_POINTS)).toBe(1);
    expect(seasonStartMonthOf({ finishPoints: 10, placePoints: [] })).toBe(1);
    expect(raceSeasonOf('2026-12-31', 1)).toEqual({ year: '2026', name: '2026', from: '2026-01-01', to: '2026-12-31' });
    expect(raceSeasonOf('2027-01-01', 1)).toMatchObject({ year: '2027', name: '2027' });
  });

  it('runs September to August for a club that starts in September, named for both years', () => {
    expect(raceSeasonOf('2026-09-01', 9)).toEqual({ year: '2026', name: '2026–27', from: '2026-09-01', to: '2027-08-31' });
    expect(raceSeasonOf('2027-04-25', 9)).toMatchObject({ year: '2026', name: '2026–27' });
    expect(raceSeasonOf('2026-08-31', 9)).toMatchObject({ year: '2025', name: '2025–26' });
    // A season starting in March ends on the last day of February, leap years included.
    expect(raceSeason(2027, 3)).toEqual({ year: '2027', name: '2027–28', from: '2027-03-01', to: '2028-02-29' });
    expect(raceSeason(2099, 12)).toMatchObject({ name: '2099–00', to: '2100-11-30' });
  });
});
