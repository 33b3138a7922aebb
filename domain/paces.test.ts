import { describe, expect, it } from 'vitest';
import { suggestedLane } from './lanes';
import { MEMBER_PACES, formatPace, memberPace, paceHint, parsePace } from './paces';
import { SPORTS, SPORT_PACE_UNITS, defaultSports, paceUnitOf } from './sports';

/** A rowing club's document: an Erg type of the sport Rowing. */
function withErg() {
  const doc = defaultSports();
  doc.types.push({ id: 'erg', name: 'Erg', sport: 'row', colour: 'teal', minutes: 45, retired: false });
  return doc;
}

describe('each sport’s pace unit', () => {
  it('is the sport’s own: swims per 100 m, runs per km, rides by speed, rows per 500 m, none for a brick', () => {
    expect(SPORTS).toContain('row');
    expect(SPORT_PACE_UNITS).toEqual({ swim: 's/100m', bike: 'km/h', run: 's/km', row: 's/500m', multisport: null, other: null });
    expect(paceUnitOf(withErg(), 'erg')).toBe('s/500m');
    expect(paceHint('s/500m')).toBe('m:ss per 500 m, e.g. 2:05');
    expect(paceHint('km/h')).toBe('km/h, e.g. 28');
  });

  it('reads and writes a rowing split per 500 m like any pace', () => {
    expect(parsePace('2:05', 's/500m')).toBe(125);
    expect(formatPace(125, 's/500m')).toBe('2:05');
  });

  it('gives every unit a pace on the profile, and a member’s rowing pace suggests the matching Erg lane', () => {
    expect(MEMBER_PACES.map((p) => p.unit).sort()).toEqual(['km/h', 's/100m', 's/500m', 's/km']);
    const lanes = [
      { id: 1, paceFrom: null, paceTo: 110 },
      { id: 2, paceFrom: 110, paceTo: 125 },
      { id: 3, paceFrom: 125, paceTo: null },
    ];
    const profile = { swimPace: 100, runPace: 300, rideSpeed: 30, rowPace: 118 };
    const unit = paceUnitOf(withErg(), 'erg');
    expect(memberPace(profile, unit)).toBe(118);
    expect(suggestedLane(lanes, memberPace(profile, unit))?.id).toBe(2);
    // A copy of the profile kept from before rowing paces: no rowing pace, no suggestion.
    expect(memberPace({ swimPace: 100, runPace: 300, rideSpeed: 30 }, unit)).toBeNull();
    expect(memberPace(profile, null)).toBeNull();
  });
});
