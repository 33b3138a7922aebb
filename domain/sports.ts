// The club's sports and workout types (the `sports` document, Admin → Sports): what kinds of workout
// an exec can post, the colour of each one's badge, how long each usually lasts, which pace a lane of
// it is measured in, and how the forum's filters group them. A type's id never changes once it has
// workouts (renaming changes only its name), so stored workouts, queued offline writes and calendar
// feeds keep meaning the same thing. A type in use is retired, never removed: it takes no new
// workouts while its past and planned ones keep their badge and name.

import type { PaceUnit } from './paces';

/** What a workout type is, for its pace lanes: swims by time per 100 m, runs per km, rides by speed, rows per 500 m. */
export const SPORTS = ['swim', 'bike', 'run', 'row', 'multisport', 'other'] as const;
export type Sport = (typeof SPORTS)[number];

export const SPORT_LABELS: Record<Sport, string> = {
  swim: 'Swim',
  bike: 'Bike',
  run: 'Run',
  row: 'Rowing',
  multisport: 'Multisport',
  other: 'Other',
};

/**
 * What each sport is called where the club is described to search engines (schema.org's `sport` of a
 * SportsClub): a club that trains all of swim, bike and run is a triathlon club, and a multisport
 * session (a brick) is triathlon training. `null`: says nothing of the club's sports.
 */
const TRIATHLON = 'Triathlon';

export const SPORT_NAMES: Record<Sport, string | null> = {
  swim: 'Swimming',
  bike: 'Cycling',
  run: 'Running',
  row: 'Rowing',
  multisport: TRIATHLON,
  other: null,
};

const TRIATHLON_LEGS: readonly Sport[] = ['swim', 'bike', 'run'];

/**
 * The sports the club trains, by name (SPORT_NAMES), from its workout types that are not retired, in
 * the document's order; swim, bike and run together are one sport, triathlon ('Triathlon' for the
 * demo club).
 */
export function clubSportNames(sports: SportsDocument): string[] {
  const trained = new Set(sports.types.filter((t) => !t.retired).map((t) => t.sport));
  const triathlon = TRIATHLON_LEGS.every((leg) => trained.has(leg));
  const names = [...trained].map((sport) => (triathlon && TRIATHLON_LEGS.includes(sport) ? TRIATHLON : SPORT_NAMES[sport]));
  return [...new Set(names.filter((name): name is string => name !== null))];
}

/**
 * The unit each sport's paces are in: a lane's band, the lane a member's own pace suggests, the
 * profile's pace of that sport. A multisport session (a brick) or another sport has no numeric pace.
 */
export const SPORT_PACE_UNITS: Record<Sport, PaceUnit | null> = {
  swim: 's/100m',
  bike: 'km/h',
  run: 's/km',
  row: 's/500m',
  multisport: null,
  other: null,
};

/**
 * The badge colours a type may take: each a pair of background and text chosen so the text reads at
 * 4.5:1 or better (posts.css), which a free colour picker could not promise.
 */
export const BADGE_COLOURS = ['orange', 'blue', 'green', 'amber', 'purple', 'pink', 'teal', 'grey'] as const;
export type BadgeColour = (typeof BADGE_COLOURS)[number];

export const BADGE_COLOUR_LABELS: Record<BadgeColour, string> = {
  orange: 'Orange',
  blue: 'Blue',
  green: 'Green',
  amber: 'Amber',
  purple: 'Purple',
  pink: 'Pink',
  teal: 'Teal',
  grey: 'Grey',
};

/** One kind of workout an exec may post. */
export interface WorkoutTypeDefinition {
  /** Stable: what workouts store ('spin'); made from the first name when the type is added. */
  id: string;
  /** What the badge, the form and the calendar say ('Spin'). */
  name: string;
  sport: Sport;
  colour: BadgeColour;
  /** Its usual length in minutes: a workout posted without an end time lasts this long. */
  minutes: number;
  /** Takes no new workouts; its workouts keep their badge. */
  retired: boolean;
}

/** One of the forum's filters: a name and the types it shows ("Bike": spin, outdoor ride, brick). */
export interface WorkoutFilterDefinition {
  /** Stable: the forum's address keeps it (?type=bike). */
  id: string;
  name: string;
  types: string[];
}

/** The `sports` document: the types in the order the form offers them, and the filters after "All". */
export interface SportsDocument {
  types: WorkoutTypeDefinition[];
  filters: WorkoutFilterDefinition[];
}

export const TYPE_NAME_MAX = 30;
export const TYPES_MAX = 40;
export const FILTERS_MAX = 10;
export const TYPE_MINUTES_MIN = 10;
export const TYPE_MINUTES_MAX = 12 * 60;

/** The types and filters a club starts with. */
export function defaultSports(): SportsDocument {
  const type = (id: string, name: string, sport: Sport, colour: BadgeColour, minutes: number): WorkoutTypeDefinition => ({
    id,
    name,
    sport,
    colour,
    minutes,
    retired: false,
  });
  return {
    types: [
      type('spin', 'Spin', 'bike', 'orange', 60),
      type('outdoor-ride', 'Outdoor Ride', 'bike', 'orange', 120),
      type('run', 'Run', 'run', 'green', 60),
      type('swim', 'Swim', 'swim', 'blue', 60),
      type('brick', 'Brick', 'multisport', 'orange', 90),
      type('other', 'Other', 'other', 'grey', 60),
    ],
    filters: [
      { id: 'bike', name: 'Bike', types: ['spin', 'outdoor-ride', 'brick'] },
      { id: 'swim', name: 'Swim', types: ['swim'] },
      { id: 'run', name: 'Run', types: ['run'] },
    ],
  };
}

/** A starter type of each sport: its plain name, badge colour and usual length in minutes. */
const STARTER_TYPES: Record<Sport, { name: string; colour: BadgeColour; minutes: number }> = {
  swim: { name: 'Swim', colour: 'blue', minutes: 60 },
  bike: { name: 'Ride', colour: 'orange', minutes: 90 },
  run: { name: 'Run', colour: 'green', minutes: 60 },
  row: { name: 'Row', colour: 'teal', minutes: 60 },
  multisport: { name: 'Multisport', colour: 'purple', minutes: 90 },
  other: { name: 'Other', colour: 'grey', minutes: 60 },
};

/**
 * The sports document a new club starts with, from the sports it said it does at its first run: one
 * plain type of each, in SPORTS order, and Other always (a session that fits none); a filter of each
 * sport once there are two to tell apart. Its administrator renames, adds and retires in Admin → Sports.
 */
export function starterSports(chosen: readonly Sport[]): SportsDocument {
  const sports = SPORTS.filter((sport) => sport !== 'other' && chosen.includes(sport));
  const types: WorkoutTypeDefinition[] = [];
  for (const sport of [...sports, 'other' as const]) {
    const { name, colour, minutes } = STARTER_TYPES[sport];
    types.push({ id: idFromName(name, types.map((t) => t.id)), name, sport, colour, minutes, retired: false });
  }
  const filters =
    sports.length > 1 ? sports.map((sport, i) => ({ id: sport, name: SPORT_LABELS[sport], types: [types[i]!.id] })) : [];
  return { types, filters };
}

/** The type new workouts get when the poster picks none: Spin while the club offers it, else the first offered. */
export const PREFERRED_DEFAULT_TYPE = 'spin';

/** The usual length of a type no document knows (a workout stored before its type was removed by hand). */
const UNKNOWN_TYPE_MINUTES = 60;

/** An id's words when no type has it: 'open-water' → 'Open water'. */
function wordsOf(id: string): string {
  const words = id.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The definition of a type id. An id the document does not know (it cannot be removed while in use,
 * so this is a database edited by hand) still reads as a grey, retired type named after its id.
 */
export function workoutTypeOf(sports: SportsDocument, id: string): WorkoutTypeDefinition {
  return (
    sports.types.find((t) => t.id === id) ?? {
      id,
      name: wordsOf(id),
      sport: 'other',
      colour: 'grey',
      minutes: UNKNOWN_TYPE_MINUTES,
      retired: true,
    }
  );
}

/** The unit of a workout type's lanes and paces, by its sport (null: no numeric pace). */
export function paceUnitOf(sports: SportsDocument, type: string): PaceUnit | null {
  return SPORT_PACE_UNITS[workoutTypeOf(sports, type).sport] ?? null;
}

/** The name a type's badge and the calendar show. */
export function typeName(sports: SportsDocument, id: string): string {
  return workoutTypeOf(sports, id).name;
}

/**
 * The types a workout form offers: those not retired, in the document's order, and the workout's own
 * type when an edit opens a workout of a retired one (keeping it is allowed, choosing it anew is not).
 */
export function offeredTypes(sports: SportsDocument, current?: string): WorkoutTypeDefinition[] {
  return sports.types.filter((t) => !t.retired || t.id === current).concat(
    current !== undefined && !sports.types.some((t) => t.id === current) ? [workoutTypeOf(sports, current)] : [],
  );
}

/** The type a new workout gets when none is chosen. */
export function defaultTypeId(sports: SportsDocument): string {
  const offered = offeredTypes(sports);
  return (offered.find((t) => t.id === PREFERRED_DEFAULT_TYPE) ?? offered[0])?.id ?? PREFERRED_DEFAULT_TYPE;
}

/** The types a filter shows; null for "All" (and for a filter id the club no longer has). */
export function filterTypes(sports: SportsDocument, filterId: string): readonly string[] | null {
  return sports.filters.find((f) => f.id === filterId)?.types ?? null;
}

export const CHOOSE_TYPE_ERROR = 'Choose a workout type';

/**
 * Why a workout may not take type `id`, or null when it may. `current` is the type the workout has
 * now (an edit): keeping a retired type is fine, choosing one is not.
 */
export function workoutTypeProblem(sports: SportsDocument, id: string, current?: string): string | null {
  const type = sports.types.find((t) => t.id === id);
  if (!type) return current === id ? null : CHOOSE_TYPE_ERROR;
  if (type.retired && current !== id) return `${type.name} is retired: choose another workout type`;
  return null;
}

/** Ids that already mean something beside the types: an event's or a race's badge, the "All" filter. */
export const RESERVED_IDS: readonly string[] = ['event', 'race', 'all'];

/** A new type's or filter's id from its name: lower case words joined by '-', made unique among `taken`. */
export function idFromName(name: string, taken: readonly string[]): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 30) || 'type';
  const used = (id: string) => taken.includes(id) || RESERVED_IDS.includes(id);
  if (!used(base)) return base;
  for (let n = 2; ; n++) if (!used(`${base}-${n}`)) return `${base}-${n}`;
}

/** What is wrong with a sports document as a whole (a field's own limits are the schema's). */
export interface SportsProblem {
  /** Dotted path of the field to show the message next to: 'types.2.name'. */
  field: string;
  message: string;
}

export function sportsProblem(doc: SportsDocument): SportsProblem | null {
  const ids = new Set<string>();
  const names = new Set<string>();
  for (const [i, t] of doc.types.entries()) {
    if (RESERVED_IDS.includes(t.id)) return { field: `types.${i}.name`, message: `A workout type cannot be called ${t.name}` };
    if (ids.has(t.id)) return { field: `types.${i}.id`, message: `Two workout types have the id ${t.id}` };
    ids.add(t.id);
    const name = t.name.trim().toLowerCase();
    if (names.has(name)) return { field: `types.${i}.name`, message: `Two workout types are both called ${t.name.trim()}: rename one` };
    names.add(name);
  }
  if (!doc.types.some((t) => !t.retired)) return { field: 'types', message: 'Keep at least one workout type that is not retired' };
  const filterIds = new Set<string>();
  for (const [i, f] of doc.filters.entries()) {
    if (filterIds.has(f.id) || RESERVED_IDS.includes(f.id)) return { field: `filters.${i}.name`, message: `Two filters are both called ${f.name}: rename one` };
    filterIds.add(f.id);
    const unknown = f.types.find((t) => !ids.has(t));
    if (unknown) return { field: `filters.${i}.types`, message: `The filter ${f.name} names a workout type the club does not have (${unknown})` };
    if (f.types.length === 0) return { field: `filters.${i}.types`, message: `Pick at least one workout type for the filter ${f.name}` };
  }
  return null;
}

/**
 * Types the edit removes that still have workouts: they may only be retired. `inUse` holds the ids
 * of types any workout has, past or planned.
 */
export function removedTypesInUse(before: SportsDocument, after: SportsDocument, inUse: ReadonlySet<string>): WorkoutTypeDefinition[] {
  const kept = new Set(after.types.map((t) => t.id));
  return before.types.filter((t) => !kept.has(t.id) && inUse.has(t.id));
}

export function removedInUseMessage(removed: readonly WorkoutTypeDefinition[]): string {
  const names = removed.map((t) => t.name).join(', ');
  return removed.length === 1
    ? `${names} has workouts, so it cannot be removed: retire it instead (no new workouts of it)`
    : `${names} have workouts, so they cannot be removed: retire them instead (no new workouts of them)`;
}
