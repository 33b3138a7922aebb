/**
 * The club's terms (university semesters), by club-local date. Absences, attendance history and the
 * term report count within a term. Fall runs September–December, Winter January–April, Summer
 * May–August; the dates are 'YYYY-MM-DD' strings of the club's calendar, so no zone math is needed
 * once "today" is known in the club's zone (see clubToday in ./dates).
 */
export type TermSeason = 'winter' | 'summer' | 'fall';

export interface Term {
  /** e.g. '2026-fall': stable, sortable within a year, safe in URLs and file names. */
  key: string;
  /** e.g. 'Fall 2026' */
  label: string;
  /** first club-local date of the term, inclusive */
  start: string;
  /** last club-local date of the term, inclusive */
  end: string;
}

const SEASONS: { season: TermSeason; label: string; first: number; last: number }[] = [
  { season: 'winter', label: 'Winter', first: 1, last: 4 },
  { season: 'summer', label: 'Summer', first: 5, last: 8 },
  { season: 'fall', label: 'Fall', first: 9, last: 12 },
];

const LAST_DAY = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function build(year: number, s: (typeof SEASONS)[number]): Term {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const lastDay = s.last === 2 && leap ? 29 : (LAST_DAY[s.last - 1] ?? 31);
  return {
    key: `${year}-${s.season}`,
    label: `${s.label} ${year}`,
    start: `${year}-${pad(s.first)}-01`,
    end: `${year}-${pad(s.last)}-${pad(lastDay)}`,
  };
}

/** The term a club-local date ('YYYY-MM-DD') falls in. */
export function termOfDate(date: string): Term {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const s = SEASONS.find((x) => month >= x.first && month <= x.last);
  if (!s) throw new RangeError(`Not a club date: ${date}`);
  return build(year, s);
}

/** The term of a key like '2026-fall', or undefined when the key is not one. */
export function termFromKey(key: string): Term | undefined {
  const m = /^(\d{4})-(winter|summer|fall)$/.exec(key);
  if (!m) return undefined;
  const s = SEASONS.find((x) => x.season === m[2]);
  return s ? build(Number(m[1]), s) : undefined;
}

/** The term before the given one (for "previous term" links and reports). */
export function previousTerm(term: Term): Term {
  const year = Number(term.start.slice(0, 4));
  const month = Number(term.start.slice(5, 7));
  return month === 1 ? termOfDate(`${year - 1}-12-01`) : termOfDate(`${year}-${pad(month - 1)}-01`);
}
