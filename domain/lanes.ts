/**
 * Lanes by pace: a workout may be split into lanes (a swim's lanes, a run's groups on the track, a
 * ride's groups on the road), each with its own places and its own waitlist. These are the rules the
 * server enforces per lane and the screens explain; a workout without lanes is one pool of places and
 * none of this applies to it. A lane fills and promotes by the rules of any pool (`isFull` and
 * `waitlistPromotions` in rules.ts). docs/rules.md tells them in full.
 */
import { workoutTypeOf, type SportsDocument } from './sports';

/** The unit a lane's pace band is given in, per sport. */
export type PaceUnit = 's/100m' | 's/km' | 'km/h';

/**
 * The unit of a workout type's lanes, by its sport (Admin → Sports): swims are paced per 100 m, runs
 * per km, rides by speed; a multisport session (a brick) or another sport has no numeric band.
 */
export function paceUnitOf(sports: SportsDocument, type: string): PaceUnit | null {
  const sport = workoutTypeOf(sports, type).sport;
  if (sport === 'swim') return 's/100m';
  if (sport === 'run') return 's/km';
  if (sport === 'bike') return 'km/h';
  return null;
}

/** The words for a unit after a number ("1:40 per 100 m", "28 km/h"). */
export const PACE_UNIT_TEXT: Record<PaceUnit, string> = {
  's/100m': 'per 100 m',
  's/km': 'per km',
  'km/h': 'km/h',
};

/** The slowest pace or fastest speed anyone may give (anything past it is a typing slip). */
export const PACE_MAX: Record<PaceUnit, number> = { 's/100m': 600, 's/km': 1200, 'km/h': 80 };

/**
 * The one check of a pace or speed against its unit's bounds, for a profile's paces and a lane's band
 * alike: a positive number no greater than PACE_MAX.
 */
export function paceInBounds(value: number, unit: PaceUnit): boolean {
  return Number.isFinite(value) && value > 0 && value <= PACE_MAX[unit];
}

/** The refusal of a lane's band past its unit's bounds ('…at most 10:00 per 100 m'). */
export function laneBandBoundText(unit: PaceUnit): string {
  return unit === 'km/h'
    ? `A lane's speed band is at most ${formatPace(PACE_MAX[unit], unit)} km/h`
    : `A lane's pace band is at most ${formatPace(PACE_MAX[unit], unit)} ${PACE_UNIT_TEXT[unit]}`;
}

/**
 * The first side of a lane's band past its unit's bounds, as the contract's path of the field
 * (`lanes.1.paceTo`), or null. Lanes of a type without a numeric band keep no numbers, so none is checked.
 */
export function laneBandProblem(
  lanes: readonly { paceFrom?: number | null; paceTo?: number | null }[],
  unit: PaceUnit | null,
): { field: string; message: string } | null {
  if (unit === null) return null;
  for (const [i, lane] of lanes.entries()) {
    for (const side of ['paceFrom', 'paceTo'] as const) {
      const value = lane[side];
      if (value != null && !paceInBounds(value, unit)) return { field: `lanes.${i}.${side}`, message: laneBandBoundText(unit) };
    }
  }
  return null;
}

/** At most this many lanes on one workout. */
export const LANES_MAX = 12;
export const LANE_NAME_MAX = 40;
export const LANE_PACE_MAX = 60;

/** A lane's band in numbers: from/to in its unit, either side open (null). */
export interface PaceBand {
  paceFrom: number | null;
  paceTo: number | null;
}

/** 'm:ss' for a number of seconds (a pace); a speed is written as its number. */
export function formatPace(value: number, unit: PaceUnit): string {
  if (unit === 'km/h') return String(Math.round(value * 10) / 10);
  const whole = Math.round(value);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Reads 'm:ss' or a number of seconds (for a pace), or a number (for a speed); null if unreadable. */
export function parsePace(input: string, unit: PaceUnit): number | null {
  const text = input.trim();
  if (text === '') return null;
  if (unit !== 'km/h') {
    const clock = /^(\d{1,2}):([0-5]\d)$/.exec(text);
    if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  }
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * True when a member's value lies in a lane's band. For a pace (seconds) a faster swimmer has the
 * smaller number, for a speed the larger; either way the band is [low, high] of its two numbers.
 */
export function paceFits(band: PaceBand, value: number): boolean {
  if (band.paceFrom === null && band.paceTo === null) return false;
  const ends = [band.paceFrom, band.paceTo].filter((n): n is number => n !== null);
  const low = band.paceFrom !== null && band.paceTo !== null ? Math.min(...ends) : null;
  const high = band.paceFrom !== null && band.paceTo !== null ? Math.max(...ends) : null;
  if (low !== null && high !== null) return value >= low && value <= high;
  // One side open: "from" is where the band starts, "to" where it stops, in the unit's own direction.
  if (band.paceFrom !== null) return value >= band.paceFrom;
  return value <= band.paceTo!;
}

/**
 * The lane a member's own pace suggests: the first lane (in the workout's order) whose band holds it;
 * null when the member gave no pace for this sport or no band holds it.
 */
export function suggestedLane<L extends PaceBand & { id: number }>(lanes: readonly L[], value: number | null): L | null {
  if (value === null) return null;
  return lanes.find((lane) => paceFits(lane, value)) ?? null;
}

/** A member's own value for a sport's unit, from their profile. */
export function memberPace(
  profile: { swimPace: number | null; runPace: number | null; rideSpeed: number | null },
  unit: PaceUnit | null,
): number | null {
  if (unit === 's/100m') return profile.swimPace;
  if (unit === 's/km') return profile.runPace;
  if (unit === 'km/h') return profile.rideSpeed;
  return null;
}

/** "Lane 2 · 4 of 6" on a card (the lane's name, then its count and capacity if it has one). */
export function laneSummary(lane: { name: string; signedUp: number; capacity: number | null }): string {
  return lane.capacity === null ? `${lane.name} · ${lane.signedUp} going` : `${lane.name} · ${lane.signedUp} of ${lane.capacity}`;
}

/** The answer to a sign-up or waitlist request on a workout with lanes that named none. */
export function laneRequiredText(lanes: readonly { id: number; name: string }[]): string {
  return `Choose a lane: ${lanes.map((l) => `${l.name} (lane ${l.id})`).join(', ')}.`;
}

/**
 * The answer to a sign-up naming another lane from a member who holds a place in `held` (null: a
 * place from before the workout had lanes): a sign-up
 * never moves anyone (an app would read its answer as a move that did not happen).
 */
export function signedUpInLaneText(held: string | null, workoutId: number): string {
  const where = held === null ? 'for this workout' : `in ${held}`;
  return `You are already signed up ${where}. To change lanes, use Move on the workout's page (POST /api/forum/workouts/${workoutId}/lane).`;
}

export const LANE_FULL_TEXT = 'This lane is full: join its waitlist or choose another lane.';
export const NO_SUCH_LANE_TEXT = 'That lane is not one of this workout’s lanes.';
