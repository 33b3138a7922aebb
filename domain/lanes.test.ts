import { describe, expect, it } from 'vitest';
import { laneSummary, paceFits, suggestedLane } from './lanes';
import { formatPace, parsePace } from './paces';
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
});
