/**
 * The club's calendar: one model from which every screen and the server read the club's seasons.
 *
 * - Membership sessions are what a member pays for and what the club counts in: Fall (September to
 *   December), Winter (January to April), Spring (May and June) and Summer (July and August). Absences
 *   "this session", the attendance report, the bounds of a weekly series and the expiry dates an
 *   administrator picks all use them.
 * - Training seasons are the schedule's tabs: each has its own timetable and runs between fixed days of
 *   the year (Spring April 29 to June 25, Summer June 25 to August 20, Fall/Winter September 1 to
 *   April 29).
 *
 * Dates are club-local 'YYYY-MM-DD' strings, so no zone arithmetic is needed once the club's today is
 * known (see clubToday in ./clock).
 */

export type SessionSeason = 'fall' | 'winter' | 'spring' | 'summer';

export interface SessionDefinition {
  season: SessionSeason;
  /** The name shown everywhere: 'Fall', 'Winter', 'Spring', 'Summer'. */
  name: string;
  /** First and last month (1-12), inclusive. */
  firstMonth: number;
  lastMonth: number;
}

/** In calendar order within a year. */
export const MEMBERSHIP_SESSIONS: readonly SessionDefinition[] = [
  { season: 'winter', name: 'Winter', firstMonth: 1, lastMonth: 4 },
  { season: 'spring', name: 'Spring', firstMonth: 5, lastMonth: 6 },
  { season: 'summer', name: 'Summer', firstMonth: 7, lastMonth: 8 },
  { season: 'fall', name: 'Fall', firstMonth: 9, lastMonth: 12 },
];

/** The order a new member reads them in: the club year starts in September. */
export const SESSIONS_IN_CLUB_YEAR_ORDER: readonly SessionDefinition[] = ['fall', 'winter', 'spring', 'summer'].map(
  (season) => MEMBERSHIP_SESSIONS.find((s) => s.season === season)!,
);

/** One membership session of one year. */
export interface MembershipSession {
  /** e.g. 'fall-2026': the session's id in the API (renewals, settings). */
  id: string;
  /**
   * e.g. '2026-fall': the same session as the attendance report spells it in its URLs, answers and
   * file names (kept for the apps and links already out there); `sessionFromId` reads both.
   */
  key: string;
  season: SessionSeason;
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

function build(year: number, s: SessionDefinition): MembershipSession {
  const id = `${s.season}-${year}`;
  return {
    id,
    key: `${year}-${s.season}`,
    season: s.season,
    name: s.name,
    label: `${s.name} ${year}`,
    start: `${year}-${pad(s.firstMonth)}-01`,
    end: `${year}-${pad(s.lastMonth)}-${pad(lastDayOfMonth(year, s.lastMonth))}`,
  };
}

/** 'September to December', 'May to June'. */
export function sessionMonthsText(s: SessionDefinition): string {
  return `${MONTH_NAMES[s.firstMonth - 1]} to ${MONTH_NAMES[s.lastMonth - 1]}`;
}

/** The membership session a club-local date ('YYYY-MM-DD') falls in. */
export function sessionOfDate(date: string): MembershipSession {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const s = MEMBERSHIP_SESSIONS.find((x) => month >= x.firstMonth && month <= x.lastMonth);
  if (!s || !Number.isInteger(year)) throw new RangeError(`Not a club date: ${date}`);
  return build(year, s);
}

/**
 * The session of an id like 'winter-2027', or undefined when it is not one. The older spelling
 * '2027-winter', which installed apps may still send, is read as the same session.
 */
export function sessionFromId(id: string): MembershipSession | undefined {
  const m = /^(fall|winter|spring|summer)-(\d{4})$/.exec(id) ?? /^(\d{4})-(fall|winter|spring|summer)$/.exec(id);
  if (!m) return undefined;
  const [season, year] = /^\d/.test(m[1]!) ? [m[2]!, m[1]!] : [m[1]!, m[2]!];
  const s = MEMBERSHIP_SESSIONS.find((x) => x.season === season);
  return s ? build(Number(year), s) : undefined;
}

/** The session before the given one (the report's picker, "last session"). */
export function previousSession(session: MembershipSession): MembershipSession {
  const year = Number(session.start.slice(0, 4));
  const month = Number(session.start.slice(5, 7));
  return month === 1 ? sessionOfDate(`${year - 1}-12-01`) : sessionOfDate(`${year}-${pad(month - 1)}-01`);
}

/** The session after the given one. */
export function nextSession(session: MembershipSession): MembershipSession {
  const year = Number(session.end.slice(0, 4));
  const month = Number(session.end.slice(5, 7));
  return month === 12 ? sessionOfDate(`${year + 1}-01-01`) : sessionOfDate(`${year}-${pad(month + 1)}-01`);
}

/** The session `today` falls in and the `count - 1` after it: the choices of a membership's end. */
export function upcomingSessions(today: string, count = 4): MembershipSession[] {
  const list = [sessionOfDate(today)];
  while (list.length < count) list.push(nextSession(list[list.length - 1]!));
  return list;
}

/** A session as a choice: GET /config `sessions`, the renewal and expiry pickers. */
export interface SessionOption {
  id: string;
  /** 'Fall 2026' */
  name: string;
  starts: string;
  ends: string;
}

/** The current session and the `count - 1` after it, as choices. */
export function sessionChoices(today: string, count = 4): SessionOption[] {
  return upcomingSessions(today, count).map((s) => ({ id: s.id, name: s.label, starts: s.start, ends: s.end }));
}

/** The session `today` falls in and the `count - 1` before it, newest first (report pickers). */
export function recentSessions(today: string, count = 6): MembershipSession[] {
  const list = [sessionOfDate(today)];
  while (list.length < count) list.push(previousSession(list[list.length - 1]!));
  return list;
}

// Older names, kept so the attendance code reads as the club speaks ("this term").
export const termOfDate = sessionOfDate;
export const termFromKey = sessionFromId;
export const previousTerm = previousSession;

/** A training season: one tab of the schedule, with its own weekly timetable. */
export interface TrainingSeasonDefinition {
  id: 'spring' | 'summer' | 'fall-winter';
  name: string;
  /** First and last day as 'MM-DD'; a season whose last day comes before its first runs into the next year. */
  from: string;
  to: string;
}

export const TRAINING_SEASONS: readonly TrainingSeasonDefinition[] = [
  { id: 'spring', name: 'Spring', from: '04-29', to: '06-25' },
  { id: 'summer', name: 'Summer', from: '06-25', to: '08-20' },
  { id: 'fall-winter', name: 'Fall/Winter', from: '09-01', to: '04-29' },
];

/** The schedule opens on this season's tab. */
export const DEFAULT_TRAINING_SEASON: TrainingSeasonDefinition['id'] = 'spring';

function monthDayText(md: string): string {
  const [m, d] = md.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} ${d}`;
}

/** 'April 29 to June 25'. */
export function seasonDatesText(season: TrainingSeasonDefinition): string {
  return `${monthDayText(season.from)} to ${monthDayText(season.to)}`;
}

/**
 * The training season of a club-local date. On a changeover day (June 25, April 29) the later season
 * has begun; days between two seasons (late August) belong to the one that comes next.
 */
export function trainingSeasonOfDate(date: string): TrainingSeasonDefinition {
  const md = date.slice(5);
  const inside = (s: TrainingSeasonDefinition) => (s.from <= s.to ? md >= s.from && md < s.to : md >= s.from || md < s.to);
  const starting = TRAINING_SEASONS.find((s) => s.from === md);
  if (starting) return starting;
  const found = TRAINING_SEASONS.find(inside);
  if (found) return found;
  return [...TRAINING_SEASONS].sort((a, b) => a.from.localeCompare(b.from)).find((s) => s.from > md) ?? TRAINING_SEASONS[0]!;
}
