// The club's race rules: personal bests, the season table's points and the race season it counts.
// The numbers and the season's first month are the club's `race-points` document (administrators set
// them); the defaults are in docs/rules.md.
import { addDays } from '../calendar-days';

/** What a finish and a placing are worth in the season table. */
export interface RacePoints {
  /** Points for every finish, whatever the distance. */
  finishPoints: number;
  /**
   * Points by place among the club's own finishers in the same race and distance, fastest first:
   * [first, second, third, …]; places past the list earn none.
   */
  placePoints: number[];
  /**
   * The first month of the club's race season, 1 (January: the calendar year) to 12; a southern club
   * racing September to April starts in 9. Absent from a document published before the setting: 1.
   */
  seasonStartMonth?: number;
}

export const DEFAULT_RACE_POINTS: RacePoints = { finishPoints: 10, placePoints: [10, 6, 4, 2, 1], seasonStartMonth: 1 };

/** The club's first month of a race season. */
export function seasonStartMonthOf(points: RacePoints): number {
  return points.seasonStartMonth ?? 1;
}

/** One race season: the year it starts in, its name, its first and last day ('YYYY-MM-DD'). */
export interface RaceSeason {
  year: string;
  /** '2026' for a calendar year; '2026–27' for a season that runs into the next. */
  name: string;
  from: string;
  to: string;
}

/** The race season that starts in `startYear`, in the club's `startMonth`. */
export function raceSeason(startYear: number, startMonth: number): RaceSeason {
  const year = String(startYear);
  const from = `${year}-${String(startMonth).padStart(2, '0')}-01`;
  const next = startMonth === 1 ? `${startYear + 1}-01-01` : `${startYear + 1}-${String(startMonth).padStart(2, '0')}-01`;
  const name = startMonth === 1 ? year : `${year}–${String((startYear + 1) % 100).padStart(2, '0')}`;
  return { year, name, from, to: addDays(next, -1) };
}

/** The race season a club-local date ('YYYY-MM-DD') falls in. */
export function raceSeasonOf(date: string, startMonth: number): RaceSeason {
  const year = Number(date.slice(0, 4));
  return raceSeason(Number(date.slice(5, 7)) >= startMonth ? year : year - 1, startMonth);
}

/** One finish as the rules read it. */
export interface Finish {
  raceId: number;
  /** 'YYYY-MM-DD': the race's day. */
  raceDate: string;
  userId: number;
  distance: string;
  finishSeconds: number;
}

/** The club's places in one race: per distance, the fastest of the club's finishers is first; ties share a place. */
export function clubPlaces(finishes: Finish[]): Map<Finish, number> {
  const places = new Map<Finish, number>();
  const groups = new Map<string, Finish[]>();
  for (const f of finishes) {
    const key = `${f.raceId}\u0000${f.distance}`;
    const group = groups.get(key);
    if (group) group.push(f);
    else groups.set(key, [f]);
  }
  for (const group of groups.values()) {
    const sorted = [...group].sort((a, b) => a.finishSeconds - b.finishSeconds);
    sorted.forEach((f, i) => {
      const tiedWithPrevious = i > 0 && sorted[i - 1]!.finishSeconds === f.finishSeconds;
      places.set(f, tiedWithPrevious ? places.get(sorted[i - 1]!)! : i + 1);
    });
  }
  return places;
}

/** What one finish earns: the finish points plus the points for its club place. */
export function pointsFor(clubPlace: number, rule: RacePoints): number {
  return rule.finishPoints + (rule.placePoints[clubPlace - 1] ?? 0);
}

export interface SeasonStanding {
  userId: number;
  points: number;
  races: number;
  rank: number;
}

/** The season table: members by points, most first; equal points share a rank (then more races, then id, for a stable order). */
export function seasonTable(finishes: Finish[], rule: RacePoints): SeasonStanding[] {
  const places = clubPlaces(finishes);
  const byMember = new Map<number, { points: number; races: number }>();
  for (const f of finishes) {
    const m = byMember.get(f.userId) ?? { points: 0, races: 0 };
    m.points += pointsFor(places.get(f)!, rule);
    m.races += 1;
    byMember.set(f.userId, m);
  }
  const rows = [...byMember.entries()]
    .map(([userId, m]) => ({ userId, ...m }))
    .sort((a, b) => b.points - a.points || b.races - a.races || a.userId - b.userId);
  return rows.map((r, i) => {
    let rank = i + 1;
    for (let j = i; j > 0 && rows[j - 1]!.points === r.points; j--) rank = j;
    return { ...r, rank };
  });
}

export interface PersonalBest {
  distance: string;
  raceId: number;
  raceDate: string;
  finishSeconds: number;
  /** The best was set at the member's latest race in this distance: a new personal best to mark. */
  isNew: boolean;
}

/**
 * A member's personal best per distance: the fastest finish; an equal time later does not replace
 * it (the first to run it keeps it). `isNew` when it is the latest of their finishes in that distance.
 */
export function personalBests(finishes: Finish[]): PersonalBest[] {
  const byDistance = new Map<string, Finish[]>();
  for (const f of finishes) {
    const list = byDistance.get(f.distance);
    if (list) list.push(f);
    else byDistance.set(f.distance, [f]);
  }
  const bests: PersonalBest[] = [];
  for (const [distance, list] of byDistance) {
    const chronological = [...list].sort((a, b) => a.raceDate.localeCompare(b.raceDate) || a.raceId - b.raceId);
    let best = chronological[0]!;
    for (const f of chronological) if (f.finishSeconds < best.finishSeconds) best = f;
    const latest = chronological[chronological.length - 1]!;
    bests.push({ distance, raceId: best.raceId, raceDate: best.raceDate, finishSeconds: best.finishSeconds, isNew: latest === best });
  }
  return bests.sort((a, b) => a.distance.localeCompare(b.distance));
}

/** '1:02:03' or '45:10' from seconds. */
export function formatRaceTime(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** Seconds from 'H:MM:SS', 'MM:SS' or 'M:SS'; null when it is not such a time. */
export function parseRaceTime(text: string): number | null {
  const match = /^(?:(\d{1,2}):)?(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [, h, m, s] = match;
  if (Number(s) > 59 || (h !== undefined && Number(m) > 59)) return null;
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s);
}
