// A race's results: the race's own legs (a triathlon's Swim, T1, Bike, T2, Run; a duathlon's Run, T1,
// Bike, T2, Run; a regatta's one Row), a result's split for each, and when a result may be entered.
// docs/rules.md tells them; the season table's points are race-points.ts's.

/** The legs a race has unless its exec gives others: a triathlon's. */
export const DEFAULT_RACE_LEGS: readonly string[] = ['Swim', 'T1', 'Bike', 'T2', 'Run'];
export const RACE_LEGS_MAX = 10;
export const RACE_LEG_NAME_MAX = 30;

/** One split as stored with a result: the leg it was entered for, by name, and its time (null: not given). */
export interface StoredSplit {
  leg: string;
  seconds: number | null;
}

/** A leg's name as splits are matched to it: trimmed, in any case. */
const legKey = (leg: string) => leg.trim().toLowerCase();

/** The stored splits' times by leg, in the order stored (a duathlon's two Runs under one name). */
function splitsByLeg(stored: readonly StoredSplit[]): Map<string, (number | null)[]> {
  const byLeg = new Map<string, (number | null)[]>();
  for (const s of stored) {
    const key = legKey(s.leg);
    const times = byLeg.get(key);
    if (times) times.push(s.seconds);
    else byLeg.set(key, [s.seconds]);
  }
  return byLeg;
}

/** The splits to store for a result entered against `legs`: one per leg, in order. */
export function storedSplits(legs: readonly string[], seconds: readonly (number | null)[]): StoredSplit[] {
  return legs.map((leg, i) => ({ leg, seconds: seconds[i] ?? null }));
}

/** The result's fields of the first apps, each the split of the leg of that name (the first such leg). */
export const NAMED_SPLITS = [
  { field: 'swim', answer: 'swimSeconds', leg: 'Swim' },
  { field: 't1', answer: 't1Seconds', leg: 'T1' },
  { field: 'bike', answer: 'bikeSeconds', leg: 'Bike' },
  { field: 't2', answer: 't2Seconds', leg: 'T2' },
  { field: 'run', answer: 'runSeconds', leg: 'Run' },
] as const;

export type NamedSplitField = (typeof NAMED_SPLITS)[number]['field'];
export type NamedSplitAnswer = (typeof NAMED_SPLITS)[number]['answer'];

/**
 * A result's splits as its answer gives them, the stored ones read once. `splits`: in the order of the
 * race's `legs`, null where none was given. A split belongs to the leg of its name and its place among
 * the legs so named (the second "Run" of a duathlon is the second stored "Run"), so a result keeps its
 * splits when the race's legs are reordered or grow, and a split of a leg the race no longer has is kept
 * but not shown. `named`: the first apps' fields, each the split of the first leg of its name.
 */
export function resultSplits(
  stored: readonly StoredSplit[],
  legs: readonly string[],
): { splits: (number | null)[]; named: Record<NamedSplitAnswer, number | null> } {
  const byLeg = splitsByLeg(stored);
  const seen = new Map<string, number>();
  const splits = legs.map((leg) => {
    const key = legKey(leg);
    const nth = seen.get(key) ?? 0;
    seen.set(key, nth + 1);
    return byLeg.get(key)?.[nth] ?? null;
  });
  const named = {} as Record<NamedSplitAnswer, number | null>;
  for (const n of NAMED_SPLITS) named[n.answer] = byLeg.get(legKey(n.leg))?.[0] ?? null;
  return { splits, named };
}

/** The index of the first of the race's legs called `name`, or -1. */
export function legIndex(legs: readonly string[], name: string): number {
  const key = legKey(name);
  return legs.findIndex((l) => legKey(l) === key);
}

/**
 * Whether a race takes results on the club's `today` ('YYYY-MM-DD'): from the race's own day on, so a
 * result (and its points and personal best) is never entered for a race still to come.
 */
export function resultsOpen(raceDate: string, today: string): boolean {
  return raceDate <= today;
}
