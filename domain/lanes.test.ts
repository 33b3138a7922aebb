import { describe, expect, it } from 'vitest';
import { laneBandProblem, laneSummary, paceFits, signedUpInLaneText, suggestedLane } from './lanes';
import { formatPace, paceInBounds, parsePace } from './paces';
import { defaultSports, paceUnitOf } from './sports';

const sports = defaultSports();

const lanes = [
  { id: 1, paceFrom: null, paceTo: 90 },
  { id: 2, paceFrom: 90, paceTo: 110 },
  { id: 3, paceFrom: 110, paceTo: null },
];

describe('lanes by pace', () => {
  it('paces swims per 100 m, runs per km, rides by speed', () => {
    expect(paceUnitOf(sports, 'swim')).toBe('s/100m');
    expect(paceUnitOf(sports, 'run')).toBe('s/km');
    expect(paceUnitOf(sports, 'outdoor-ride')).toBe('km/h');
    expect(paceUnitOf(sports, 'brick')).toBeNull();
  });

  it('reads and writes m:ss paces and speeds', () => {
    expect(parsePace('1:45', 's/100m')).toBe(105);
    expect(parsePace('105', 's/100m')).toBe(105);
    expect(parsePace('1:75', 's/100m')).toBeNull();
    expect(parsePace('', 's/km')).toBeNull();
    expect(parsePace('28.5', 'km/h')).toBe(28.5);
    expect(formatPace(105, 's/100m')).toBe('1:45');
    expect(formatPace(28.5, 'km/h')).toBe('28.5');
  });

  it('suggests the first lane whose band holds the member’s pace, either side open', () => {
    expect(suggestedLane(lanes, 80)?.id).toBe(1);
    expect(suggestedLane(lanes, 100)?.id).toBe(2);
    expect(suggestedLane(lanes, 90)?.id).toBe(1);
    expect(suggestedLane(lanes, 130)?.id).toBe(3);
    expect(suggestedLane(lanes, null)).toBeNull();
    // A speed band: the faster rider has the larger number, the band holds it all the same.
    expect(paceFits({ paceFrom: 30, paceTo: 26 }, 28)).toBe(true);
    expect(paceFits({ paceFrom: null, paceTo: null }, 28)).toBe(false);
  });

  it('sums a lane up for a card', () => {
    expect(laneSummary({ name: 'Lane 2', signedUp: 4, capacity: 6 })).toBe('Lane 2 · 4 of 6');
    expect(laneSummary({ name: 'Lane 3', signedUp: 4, capacity: null })).toBe('Lane 3 · 4 going');
  });

  it('bounds a lane’s band as a profile’s paces are bounded, naming the side', () => {
    expect(paceInBounds(600, 's/100m')).toBe(true);
    expect(paceInBounds(601, 's/100m')).toBe(false);
    expect(paceInBounds(0, 's/km')).toBe(false);
    expect(paceInBounds(80, 'km/h')).toBe(true);
    expect(paceInBounds(1e15, 'km/h')).toBe(false);
    expect(laneBandProblem([{ paceFrom: 90, paceTo: 110 }, { paceFrom: 110, paceTo: 1e15 }], 's/100m')).toEqual({
      field: 'lanes.1.paceTo',
      message: "A lane's pace band is at most 10:00 per 100 m",
    });
    expect(laneBandProblem([{ paceFrom: 1e15 }], 'km/h')).toEqual({ field: 'lanes.0.paceFrom', message: "A lane's speed band is at most 80 km/h" });
    expect(laneBandProblem([{ paceFrom: 300, paceTo: null }], 's/km')).toBeNull();
    // A type without a numeric band keeps no numbers: nothing to bound.
    expect(laneBandProblem([{ paceFrom: 1e15 }], null)).toBeNull();
  });

  it('says how to move when a sign-up names another lane', () => {
    expect(signedUpInLaneText('Lane 1', 7)).toBe(
      "You are already signed up in Lane 1. To change lanes, use Move on the workout's page (POST /api/forum/workouts/7/lane).",
    );
  });
});
