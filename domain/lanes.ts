/**
 * Lanes by pace: a workout may be split into lanes (a swim's lanes, a run's groups on the track, a
 * ride's groups on the road), each with its own places and its own waitlist. These are the rules the
 * server enforces per lane and the screens explain; a workout without lanes is one pool of places and
 * none of this applies to it. A lane fills and promotes by the rules of any pool (`isFull` and
 * `waitlistPromotions` in rules.ts). docs/rules.md tells them in full.
 *
 * A lane's band is in its workout type's pace unit (paceUnitOf in sports.ts); paces.ts writes and
 * reads it, and gives the member's own pace in that unit.
 */
import { PACE_MAX, PACE_UNIT_TEXT, formatPace, paceInBounds, type PaceUnit } from './paces';

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
