import { describe, expect, it } from 'vitest';
import { DEFAULT_RACE_LEGS, resultSplits, resultsOpen, storedSplits, type StoredSplit } from './race-results';

const splitsForLegs = (stored: StoredSplit[], legs: readonly string[]) => resultSplits(stored, legs).splits;

describe('a race’s legs and a result’s splits', () => {
  it('a race is a triathlon unless its exec says otherwise', () => {
    expect(DEFAULT_RACE_LEGS).toEqual(['Swim', 'T1', 'Bike', 'T2', 'Run']);
  });

  it('reads splits in the order of the race’s legs, a repeated leg by its place among those so named', () => {
    const duathlon = ['Run', 'T1', 'Bike', 'T2', 'Run'];
    const stored = storedSplits(duathlon, [1080, 60, null, 50, 1150]);
    expect(splitsForLegs(stored, duathlon)).toEqual([1080, 60, null, 50, 1150]);
    // Legs reordered or renamed in case: each split follows its own leg; a leg with none reads null.
    expect(splitsForLegs(stored, ['bike', 'Run', 'Run', 'Medal'])).toEqual([null, 1080, 1150, null]);
    // The first apps' named fields: each the first leg of its name, in any case.
    expect(resultSplits(stored, []).named.runSeconds).toBe(1080);
    expect(resultSplits(stored, []).named.swimSeconds).toBeNull();
    expect(resultSplits([{ leg: ' run ', seconds: 900 }], []).named.runSeconds).toBe(900);
  });

  it('keeps showing a result stored before races had legs, under the triathlon’s', () => {
    const before = [
      { leg: 'Swim', seconds: 860 },
      { leg: 'T1', seconds: 90 },
      { leg: 'Bike', seconds: null },
      { leg: 'T2', seconds: 55 },
      { leg: 'Run', seconds: 1100 },
    ];
    expect(splitsForLegs(before, DEFAULT_RACE_LEGS)).toEqual([860, 90, null, 55, 1100]);
  });

  it('opens results on the race’s own day, never before', () => {
    expect(resultsOpen('2026-05-16', '2026-04-06')).toBe(false);
    expect(resultsOpen('2026-05-16', '2026-05-15')).toBe(false);
    expect(resultsOpen('2026-05-16', '2026-05-16')).toBe(true);
    expect(resultsOpen('2026-05-16', '2026-06-01')).toBe(true);
  });
});
