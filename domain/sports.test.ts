import { describe, expect, it } from 'vitest';
import { endOf, usualMinutes } from './durations';
import {
  SPORTS,
  SPORT_NAMES,
  clubSportNames,
  defaultSports,
  paceUnitOf,
  defaultTypeId,
  filterTypes,
  idFromName,
  offeredTypes,
  removedInUseMessage,
  removedTypesInUse,
  sportsProblem,
  starterSports,
  typeName,
  workoutTypeOf,
  workoutTypeProblem,
  type Sport,
  type SportsDocument,
  type WorkoutTypeDefinition,
} from './sports';

/** A rowing club's document: Erg added (45 minutes, teal), Brick retired, a "Row" filter. */
function rowing(): SportsDocument {
  const doc = defaultSports();
  doc.types.push({ id: 'erg', name: 'Erg', sport: 'other', colour: 'teal', minutes: 45, retired: false });
  doc.types.find((t) => t.id === 'brick')!.retired = true;
  doc.filters.push({ id: 'row', name: 'Row', types: ['erg'] });
  return doc;
}

describe("the club's sports and workout types", () => {
  it('starts with the six types and the Bike, Swim and Run filters', () => {
    const doc = defaultSports();
    expect(doc.types.map((t) => [t.id, t.name])).toEqual([
      ['spin', 'Spin'],
      ['outdoor-ride', 'Outdoor Ride'],
      ['run', 'Run'],
      ['swim', 'Swim'],
      ['brick', 'Brick'],
      ['other', 'Other'],
    ]);
    expect(filterTypes(doc, 'bike')).toEqual(['spin', 'outdoor-ride', 'brick']);
    expect(filterTypes(doc, 'swim')).toEqual(['swim']);
    expect(filterTypes(doc, 'all')).toBeNull();
    expect(sportsProblem(doc)).toBeNull();
  });

  it('reads a club’s own type: its name, its usual length, its filter, its lanes’ unit', () => {
    const doc = rowing();
    expect(typeName(doc, 'erg')).toBe('Erg');
    expect(usualMinutes(doc, 'erg')).toBe(45);
    expect(endOf(usualMinutes(doc, 'erg'), '06:30', null)).toBe('07:15');
    expect(filterTypes(doc, 'row')).toEqual(['erg']);
    expect(paceUnitOf(doc, 'erg')).toBeNull();
    // A renamed type keeps its id: the workouts that have it read the new name.
    doc.types[0]!.name = 'Indoor cycling';
    expect(typeName(doc, 'spin')).toBe('Indoor cycling');
  });

  it('still names a type it does not know, as grey and retired', () => {
    expect(workoutTypeOf(defaultSports(), 'open-water')).toMatchObject({ name: 'Open water', colour: 'grey', retired: true, minutes: 60 });
  });

  it('offers only types not retired, but lets an edit keep the retired type its workout has', () => {
    const doc = rowing();
    expect(offeredTypes(doc).map((t) => t.id)).toEqual(['spin', 'outdoor-ride', 'run', 'swim', 'other', 'erg']);
    expect(offeredTypes(doc, 'brick').map((t) => t.id)).toContain('brick');
    expect(workoutTypeProblem(doc, 'erg')).toBeNull();
    expect(workoutTypeProblem(doc, 'brick')).toBe('Brick is retired: choose another workout type');
    expect(workoutTypeProblem(doc, 'brick', 'brick')).toBeNull();
    expect(workoutTypeProblem(doc, 'brick', 'spin')).toMatch(/retired/);
    expect(workoutTypeProblem(doc, 'banana')).toBe('Choose a workout type');
  });

  it('gives new workouts Spin while the club offers it, else its first type offered', () => {
    const doc = rowing();
    expect(defaultTypeId(doc)).toBe('spin');
    doc.types.find((t) => t.id === 'spin')!.retired = true;
    expect(defaultTypeId(doc)).toBe('outdoor-ride');
  });

  it('makes ids from names, unique and never one that already means something', () => {
    expect(idFromName('Open Water', [])).toBe('open-water');
    expect(idFromName('Érg', ['erg'])).toBe('erg-2');
    expect(idFromName('Event', [])).toBe('event-2');
    expect(idFromName('  ', [])).toBe('type');
  });

  it('refuses two types of one name, a filter naming an unknown type, and a club with every type retired', () => {
    const twice = rowing();
    twice.types.push({ ...twice.types[0]!, id: 'spin-2', name: 'spin ' });
    expect(sportsProblem(twice)).toEqual({ field: 'types.7.name', message: 'Two workout types are both called spin: rename one' });
    const unknown = rowing();
    unknown.filters[0]!.types.push('erg-9');
    expect(sportsProblem(unknown)).toMatchObject({ field: 'filters.0.types' });
    const empty = rowing();
    empty.filters[3]!.types = [];
    expect(sportsProblem(empty)).toMatchObject({ field: 'filters.3.types' });
    const retired = defaultSports();
    for (const t of retired.types) t.retired = true;
    expect(sportsProblem(retired)).toMatchObject({ field: 'types' });
  });

  it('finds the removed types that still have workouts', () => {
    const before = rowing();
    const after = rowing();
    after.types = after.types.filter((t) => t.id !== 'erg' && t.id !== 'other');
    after.filters = after.filters.filter((f) => f.id !== 'row');
    const removed = removedTypesInUse(before, after, new Set(['erg', 'spin']));
    expect(removed.map((t) => t.id)).toEqual(['erg']);
    expect(removedInUseMessage(removed)).toBe('Erg has workouts, so it cannot be removed: retire it instead (no new workouts of it)');
  });
});

describe('the sports a new club starts with', () => {
  it('offers one plain type of each sport the club does, and Other, with no filter for a club of one sport', () => {
    const rowing = starterSports(['row']);
    expect(rowing.types).toEqual([
      { id: 'row', name: 'Row', sport: 'row', colour: 'teal', minutes: 60, retired: false },
      { id: 'other', name: 'Other', sport: 'other', colour: 'grey', minutes: 60, retired: false },
    ]);
    expect(rowing.filters).toEqual([]);
    expect(sportsProblem(rowing)).toBeNull();
    expect(paceUnitOf(rowing, 'row')).toBe('s/500m');
  });

  it('gives a club of several sports a filter of each, in the sports’ order, Other only once', () => {
    const tri = starterSports(['run', 'swim', 'other', 'bike', 'multisport', 'run']);
    expect(tri.types.map((t) => [t.id, t.name, t.sport])).toEqual([
      ['swim', 'Swim', 'swim'],
      ['ride', 'Ride', 'bike'],
      ['run', 'Run', 'run'],
      ['multisport', 'Multisport', 'multisport'],
      ['other', 'Other', 'other'],
    ]);
    expect(tri.filters).toEqual([
      { id: 'swim', name: 'Swim', types: ['swim'] },
      { id: 'bike', name: 'Bike', types: ['ride'] },
      { id: 'run', name: 'Run', types: ['run'] },
      { id: 'multisport', name: 'Multisport', types: ['multisport'] },
    ]);
    expect(sportsProblem(tri)).toBeNull();
    expect(clubSportNames(tri)).toEqual(['Triathlon']);
    expect(starterSports(['other']).types.map((t) => t.id)).toEqual(['other']);
  });

  it('gives new workouts the first type offered when the club has no Spin', () => {
    expect(defaultTypeId(starterSports(['row']))).toBe('row');
    expect(defaultTypeId(starterSports(['bike', 'run']))).toBe('ride');
  });
});

describe("the club's sports by name (search engines' `sport`)", () => {
  const type = (id: string, sport: Sport, retired = false): WorkoutTypeDefinition => ({ id, name: id, sport, colour: 'grey', minutes: 60, retired });
  const doc = (...types: WorkoutTypeDefinition[]): SportsDocument => ({ types, filters: [] });

  it('names the demo club a triathlon club: swim, bike and run trained together, and bricks', () => {
    expect(clubSportNames(defaultSports())).toEqual(['Triathlon']);
  });

  it('names each sport a club trains, a retired type not counted', () => {
    expect(clubSportNames(doc(type('tempo', 'run'), type('track', 'run')))).toEqual(['Running']);
    expect(clubSportNames(doc(type('pool', 'swim'), type('spin', 'bike'), type('old-run', 'run', true)))).toEqual(['Swimming', 'Cycling']);
    expect(clubSportNames(doc(type('misc', 'other')))).toEqual([]);
  });

  it('has a name, or none, for every sport kind', () => {
    for (const sport of SPORTS) expect(SPORT_NAMES[sport] === null || SPORT_NAMES[sport]!.length > 0, sport).toBe(true);
  });
});
