/**
 * The club's calendar: one model from which every screen and the server read the club's terms.
 *
 * Membership terms are what a member pays for and what the club counts in. They are the club's own
 * (the `terms` document, Admin → Terms): each has a name and its first and last day, year by year.
 * Absences "this term", the attendance report, the bounds of a weekly series and the expiry dates an
 * administrator picks all read them, so every function here takes the terms as input.
 *
 * Dates are club-local 'YYYY-MM-DD' strings, so no zone arithmetic is needed once the club's today is
 * known (see clubToday in ./clock).
 */

import { addDays } from './calendar-days';

/** One term as the club keeps it. */
export interface TermDefinition {
  /**
   * e.g. 'fall-2026': the term's id in the API (renewals, expiry choices, report links). It stays when
   * the term is renamed or its dates move, so links and requests made earlier still name it.
   */
  id: string;
  /** The name shown everywhere: 'Fall', 'Winter'. */
  name: string;
  /** First club-local date, inclusive. */
  start: string;
  /** Last club-local date, inclusive. */
  end: string;
}

/** The `terms` document: every term the club has set out, in any order (they are read by date). */
export interface TermsDocument {
  terms: TermDefinition[];
}

/** One membership term of one year, as the screens and the API answer it. */
export interface MembershipSession {
  /** e.g. 'fall-2026' */
  id: string;
  /**
   * e.g. '2026-fall': the same term as the attendance report spells it in its URLs, answers and file
   * names (kept for the apps and links already out there); `termFromId` reads both.
   */
  key: string;
  /** The id's name part: 'fall'. */
  season: string;
  /** e.g. 'Fall' */
  name: string;
  /** e.g. 'Fall 2026' */
  label: string;
  /** First club-local date, inclusive. */
  start: string;
  /** Last club-local date, inclusive. */
  end: string;
}

/** What the attendance report and absence counts call a term is a membership session. */
export type Term = MembershipSession;

const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

const pad = (n: number) => String(n).padStart(2, '0');

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const ID_PATTERN = /^([a-z0-9]+(?:-[a-z0-9]+)*)-(\d{4})$/;
const KEY_PATTERN = /^(\d{4})-([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** A term's id: its name's slug and its year ('fall-2026'). */
export function termId(name: string, year: number): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'term'}-${year}`;
}

/** The year a term belongs to: the one in its id. */
export function termYear(term: Pick<TermDefinition, 'id' | 'start'>): number {
  const m = ID_PATTERN.exec(term.id);
  return m ? Number(m[2]) : Number(term.start.slice(0, 4));
}

function build(t: TermDefinition): MembershipSession {
  const m = ID_PATTERN.exec(t.id);
  const season = m ? m[1]! : t.id;
  const year = termYear(t);
  return { id: t.id, key: `${year}-${season}`, season, name: t.name, label: `${t.name} ${year}`, start: t.start, end: t.end };
}

/** The terms in date order (the same start: by id), as the `terms` document is saved and every rule reads them. */
export function byStart<T extends TermDefinition>(terms: readonly T[]): T[] {
  return [...terms].sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
}

/** The terms of the club before anyone edited them: Fall September–December, Winter January–April, Spring May–June, Summer July–August. */
const DEFAULT_PATTERN = [
  { name: 'Winter', firstMonth: 1, lastMonth: 4 },
  { name: 'Spring', firstMonth: 5, lastMonth: 6 },
  { name: 'Summer', firstMonth: 7, lastMonth: 8 },
  { name: 'Fall', firstMonth: 9, lastMonth: 12 },
] as const;

/** The first and last years the default terms cover. */
export const DEFAULT_TERM_YEARS = { first: 2020, last: 2027 } as const;

/** The `terms` document's default: the four terms of every year from DEFAULT_TERM_YEARS.first to .last. */
export function defaultTerms(): TermsDocument {
  const terms: TermDefinition[] = [];
  for (let year = DEFAULT_TERM_YEARS.first; year <= DEFAULT_TERM_YEARS.last; year++) {
    for (const p of DEFAULT_PATTERN) {
      terms.push({
        id: termId(p.name, year),
        name: p.name,
        start: `${year}-${pad(p.firstMonth)}-01`,
        end: `${year}-${pad(p.lastMonth)}-${pad(lastDayOfMonth(year, p.lastMonth))}`,
      });
    }
  }
  return { terms };
}

/** The name of a new club's one term a year: 'Year 2026' wherever a term is shown with its year. */
const STARTER_TERM_NAME = 'Year';

/**
 * The terms a new club starts with, from the day of its first run on its own clock: one term a year,
 * January 1 to December 31, for this year and the next. Its administrator sets its own in Admin → Terms.
 */
export function starterTerms(today: string): TermsDocument {
  const year = Number(today.slice(0, 4));
  return {
    terms: [year, year + 1].map((y) => ({ id: termId(STARTER_TERM_NAME, y), name: STARTER_TERM_NAME, start: `${y}-01-01`, end: `${y}-12-31` })),
  };
}

/** 'September 1 to December 31'. */
export function termDatesText(t: Pick<TermDefinition, 'start' | 'end'>): string {
  const day = (date: string) => `${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
  return `${day(t.start)} to ${day(t.end)}`;
}

/** 'September to December': a term's months, as the public pages word them. */
export function termMonthsText(t: Pick<TermDefinition, 'start' | 'end'>): string {
  return `${MONTH_NAMES[Number(t.start.slice(5, 7)) - 1]} to ${MONTH_NAMES[Number(t.end.slice(5, 7)) - 1]}`;
}

/**
 * The term a club-local date ('YYYY-MM-DD') falls in. A day between two terms belongs to the one that
 * comes next (a member who joins in the break joins for it); a day after the last term the club has
 * set out belongs to that last term, until an administrator adds the next year's.
 */
export function termOfDate(terms: readonly TermDefinition[], date: string): MembershipSession {
  const sorted = byStart(terms);
  if (sorted.length === 0) throw new RangeError('The club has no terms');
  const found = sorted.find((t) => t.start <= date && date <= t.end) ?? sorted.find((t) => t.start > date) ?? sorted[sorted.length - 1]!;
  return build(found);
}

/**
 * The term of an id like 'winter-2027', or undefined when the club has no such term. The spelling
 * '2027-winter' (the report's key, which installed apps may still send) is read as the same term.
 */
export function termFromId(terms: readonly TermDefinition[], id: string): MembershipSession | undefined {
  const key = KEY_PATTERN.exec(id);
  const wanted = key ? `${key[2]}-${key[1]}` : ID_PATTERN.test(id) ? id : null;
  const found = wanted === null ? undefined : terms.find((t) => t.id === wanted);
  return found ? build(found) : undefined;
}

/** The term before the given one (the report's picker), or undefined before the first. */
export function previousTerm(terms: readonly TermDefinition[], term: MembershipSession): MembershipSession | undefined {
  const sorted = byStart(terms);
  const i = sorted.findIndex((t) => t.id === term.id);
  return i > 0 ? build(sorted[i - 1]!) : undefined;
}

/** The term after the given one, or undefined after the last the club has set out. */
export function nextTerm(terms: readonly TermDefinition[], term: MembershipSession): MembershipSession | undefined {
  const sorted = byStart(terms);
  const i = sorted.findIndex((t) => t.id === term.id);
  return i >= 0 && i < sorted.length - 1 ? build(sorted[i + 1]!) : undefined;
}

/** The term `today` falls in and up to `count - 1` after it: the choices of a membership's end. */
export function upcomingTerms(terms: readonly TermDefinition[], today: string, count = 4): MembershipSession[] {
  const list = [termOfDate(terms, today)];
  for (let next = nextTerm(terms, list[0]!); next && list.length < count; next = nextTerm(terms, next)) list.push(next);
  return list;
}

/**
 * A term ending within this many days (its last day included) is too late to join for: a new
 * membership then runs to the end of the next term instead of lapsing in the week it was approved.
 */
export const LATE_JOIN_DAYS = 7;

/**
 * The term a new membership runs to unless the administrator picks another: the one `today` falls in,
 * or the next one when that ends within LATE_JOIN_DAYS (and the club has set the next one out). The
 * approve dialog's first choice and an imported row's expiry without one.
 */
export function newMembershipTerm(terms: readonly TermDefinition[], today: string): MembershipSession {
  const current = termOfDate(terms, today);
  const next = current.end < addDays(today, LATE_JOIN_DAYS) ? nextTerm(terms, current) : undefined;
  return next ?? current;
}

/** The term `today` falls in and up to `count - 1` before it, newest first (report pickers). */
export function recentTerms(terms: readonly TermDefinition[], today: string, count = 6): MembershipSession[] {
  const list = [termOfDate(terms, today)];
  for (let prev = previousTerm(terms, list[0]!); prev && list.length < count; prev = previousTerm(terms, prev)) list.push(prev);
  return list;
}

/**
 * The attendance report's picker, newest first: every term the club has set out after the current
 * one (next year's, once added), the current one, and the five before it.
 */
export function reportTerms(terms: readonly TermDefinition[], today: string): MembershipSession[] {
  const ahead = upcomingTerms(terms, today, terms.length).slice(1).reverse();
  return [...ahead, ...recentTerms(terms, today, 6)];
}

/** A term as a choice: GET /config `sessions`, the renewal and expiry pickers. */
export interface SessionOption {
  id: string;
  /** 'Fall 2026' */
  name: string;
  starts: string;
  ends: string;
}

/** The current term and up to `count - 1` after it, as choices. */
export function termChoices(terms: readonly TermDefinition[], today: string, count = 4): SessionOption[] {
  return upcomingTerms(terms, today, count).map((s) => ({ id: s.id, name: s.label, starts: s.start, ends: s.end }));
}

/** Why a weekly series from `first` to `until` cannot be made (it leaves the first date's term), or null. */
export function seriesTermProblem(terms: readonly TermDefinition[], first: string, until: string): string | null {
  const term = termOfDate(terms, first);
  return until > term.end ? `A series stays within one term: ${term.label} ends on ${term.end}` : null;
}

/** The club's terms of one year (by the year in their ids), in date order. */
export function termsOfYear(terms: readonly TermDefinition[], year: number): TermDefinition[] {
  return byStart(terms).filter((t) => termYear(t) === year);
}

/** The terms of the latest year the club has set out, in date order: what the public pages tell of its year. */
export function latestYearTerms(terms: readonly TermDefinition[]): TermDefinition[] {
  const year = termYears(terms).at(-1);
  return year === undefined ? [] : termsOfYear(terms, year);
}

/** The years the club has terms for, in order. */
export function termYears(terms: readonly TermDefinition[]): number[] {
  return [...new Set(terms.map(termYear))].sort((a, b) => a - b);
}

function shiftYear(date: string, years: number): string {
  const year = Number(date.slice(0, 4)) + years;
  const month = Number(date.slice(5, 7));
  // February 29 of a leap year becomes February 28 of a year without one.
  const day = Math.min(Number(date.slice(8, 10)), lastDayOfMonth(year, month));
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** "Add next year": the latest year's terms, with the same names, a year later. */
export function nextYearTerms(terms: readonly TermDefinition[]): TermDefinition[] {
  const years = termYears(terms);
  const last = years[years.length - 1];
  if (last === undefined) return [];
  return termsOfYear(terms, last).map((t) => {
    const m = ID_PATTERN.exec(t.id);
    return { id: m ? `${m[1]}-${last + 1}` : termId(t.name, last + 1), name: t.name, start: shiftYear(t.start, 1), end: shiftYear(t.end, 1) };
  });
}

/**
 * What is wrong with a list of terms, with the index and field it is about, or null: each starts
 * before it ends, no two share an id or overlap.
 */
export function termsProblem(terms: readonly TermDefinition[]): { index: number; field: 'id' | 'name' | 'start' | 'end'; message: string } | null {
  for (const [index, t] of terms.entries()) {
    if (t.start >= t.end) return { index, field: 'end', message: `${t.name} ${termYear(t)} must start before it ends` };
    const twin = terms.findIndex((o, j) => j < index && o.id === t.id);
    if (twin >= 0) return { index, field: 'id', message: `Two terms are both ${build(t).label}: rename one or remove it` };
  }
  const order = terms.map((t, index) => ({ t, index })).sort((a, b) => a.t.start.localeCompare(b.t.start));
  for (let i = 1; i < order.length; i++) {
    const before = order[i - 1]!.t;
    const { t, index } = order[i]!;
    if (t.start <= before.end) {
      return { index, field: 'start', message: `${build(t).label} starts on ${t.start}, before ${build(before).label} ends (${before.end})` };
    }
  }
  return null;
}
