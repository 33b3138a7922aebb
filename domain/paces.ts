// Paces: the units a sport is measured in (a swim per 100 m, a run per km, a ride by speed, a row per
// 500 m), how a pace is written and read, and the member's own pace in each unit (their profile). Which
// sport takes which unit is the sport's own (SPORT_PACE_UNITS in sports.ts); lanes (lanes.ts), the
// profile and Admin → Sports all read it from there.

export const PACE_UNITS = ['s/100m', 's/km', 'km/h', 's/500m'] as const;
/** Seconds per 100 m, seconds per km, km/h, seconds per 500 m. */
export type PaceUnit = (typeof PACE_UNITS)[number];

/** The words for a unit after a number ("1:40 per 100 m", "28 km/h", "2:05 per 500 m"). */
export const PACE_UNIT_TEXT: Record<PaceUnit, string> = {
  's/100m': 'per 100 m',
  's/km': 'per km',
  'km/h': 'km/h',
  's/500m': 'per 500 m',
};

/** A usual value of each unit, the example a form gives. */
export const PACE_EXAMPLE: Record<PaceUnit, string> = { 's/100m': '1:45', 's/km': '4:30', 'km/h': '28', 's/500m': '2:05' };

/** The slowest pace or fastest speed a profile takes (anything past it is a typing slip). */
export const PACE_MAX: Record<PaceUnit, number> = { 's/100m': 600, 's/km': 1200, 'km/h': 80, 's/500m': 600 };

/**
 * The one check of a pace or speed against its unit's bounds, for a profile's paces and a lane's band
 * alike: a positive number no greater than PACE_MAX.
 */
export function paceInBounds(value: number, unit: PaceUnit): boolean {
  return Number.isFinite(value) && value > 0 && value <= PACE_MAX[unit];
}

/** Whether the unit is a speed (a larger number is faster) rather than a time over a distance. */
export function isSpeed(unit: PaceUnit): boolean {
  return unit === 'km/h';
}

/** How a value of the unit is typed: 'm:ss per 500 m, e.g. 2:05' or 'km/h, e.g. 28'. */
export function paceHint(unit: PaceUnit): string {
  return isSpeed(unit) ? `km/h, e.g. ${PACE_EXAMPLE[unit]}` : `m:ss ${PACE_UNIT_TEXT[unit]}, e.g. ${PACE_EXAMPLE[unit]}`;
}

/** 'm:ss' for a number of seconds (a pace); a speed is written as its number. */
export function formatPace(value: number, unit: PaceUnit): string {
  if (isSpeed(unit)) return String(Math.round(value * 10) / 10);
  const whole = Math.round(value);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Reads 'm:ss' or a number of seconds (for a pace), or a number (for a speed); null if unreadable. */
export function parsePace(input: string, unit: PaceUnit): number | null {
  const text = input.trim();
  if (text === '') return null;
  if (!isSpeed(unit)) {
    const clock = /^(\d{1,2}):([0-5]\d)$/.exec(text);
    if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  }
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * The member's own paces, one per unit, in the order the profile form shows them: the field that
 * holds it (in the profile and the API) and the words of its label.
 */
export const MEMBER_PACES = [
  { field: 'swimPace', unit: 's/100m', label: 'Swim pace per 100 m' },
  { field: 'runPace', unit: 's/km', label: 'Run pace per km' },
  { field: 'rideSpeed', unit: 'km/h', label: 'Ride speed km/h' },
  { field: 'rowPace', unit: 's/500m', label: 'Rowing pace per 500 m' },
] as const satisfies readonly { field: string; unit: PaceUnit; label: string }[];

export type PaceField = (typeof MEMBER_PACES)[number]['field'];

/** The member's paces as stored: any may be missing (a copy kept from before a unit existed). */
export type MemberPaceValues = Partial<Record<PaceField, number | null>>;

/** The profile field of a unit. */
export function paceFieldOf(unit: PaceUnit): PaceField {
  return MEMBER_PACES.find((p) => p.unit === unit)!.field;
}

/** A member's own value in a unit, from their profile; null when they gave none (or the sport has no unit). */
export function memberPace(profile: MemberPaceValues, unit: PaceUnit | null): number | null {
  return unit === null ? null : (profile[paceFieldOf(unit)] ?? null);
}
