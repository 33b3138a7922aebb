// The club's training seasons and their weekly timetables: the schedule page shows them, the demo
// week is seeded from them (db/demo-content.ts) and /schedule's structured data lists them. They are
// the club's own (the `seasons` document, Admin → Schedule); what follows are the defaults, the
// seasons the club had before anyone edited them, and the rules that read any club's seasons.
import { workoutTypeOf, type SportsDocument, type WorkoutTypeDefinition } from './sports';

/** The sport of a timetable session: one of the club's workout types, by its id (the `sports` document). */
export type SessionKind = string;

export const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Day = (typeof DAYS)[number];

/** One weekly session of a season's timetable. */
export interface TrainingSession {
  day: Day;
  /** 'HH:MM' 24-hour, club-local. */
  start: string;
  end: string;
  /** The sport: a workout type's id. */
  kind: SessionKind;
  /** What: 'Swim practice'. */
  title: string;
  /** Where. */
  place: string;
}

/** Where to go for one kind of workout: 'Swims' → 'Aquatic Centre, lanes 1 to 4'. */
export interface SeasonNote {
  topic: string;
  text: string;
}

/** A training season: one tab of the schedule, with its own weekly timetable and where-to-go notes. */
export interface Season {
  /** Stays when the season is renamed: 'spring', 'fall-winter'. */
  id: string;
  name: string;
  /** First and last day as 'MM-DD'; a season whose last day comes before its first runs into the next year. */
  from: string;
  to: string;
  summary: string;
  sessions: TrainingSession[];
  notes: SeasonNote[];
}

/** The `seasons` document: the seasons in the order of their tabs, and the one whose tab is shown first. */
export interface SeasonsDocument {
  seasons: Season[];
  shownFirst: string;
}

/**
 * Kinds a published schedule may name that are not workout type ids: the timetable's own word for a
 * sport, and the default type it means. Every reader maps them here, so such a schedule shows as the
 * club's types and is saved with their ids at its next edit.
 */
const EARLIER_SESSION_KINDS: Readonly<Record<string, string>> = { ride: 'outdoor-ride' };

/** The workout type id a session's kind names ('ride' is 'outdoor-ride'). */
export function sessionTypeId(kind: SessionKind): string {
  return Object.hasOwn(EARLIER_SESSION_KINDS, kind) ? EARLIER_SESSION_KINDS[kind]! : kind;
}

/** A session's workout type as the club names and colours it (one it no longer has reads grey, by its id). */
export function sessionType(sports: SportsDocument, session: Pick<TrainingSession, 'kind'>): WorkoutTypeDefinition {
  return workoutTypeOf(sports, sessionTypeId(session.kind));
}

/** The seasons with every session naming its workout type by id: what the editor starts from. */
export function withSessionTypeIds(doc: SeasonsDocument): SeasonsDocument {
  return { ...doc, seasons: doc.seasons.map((s) => ({ ...s, sessions: s.sessions.map((t) => ({ ...t, kind: sessionTypeId(t.kind) })) })) };
}

/** The months' names, January first: the seasons' dates, and the month a race season starts (Admin → Race points). */
export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** Whether 'MM-DD' is a day of the year (February 29 included). */
export function isMonthDay(md: string): boolean {
  const m = /^(\d{2})-(\d{2})$/.exec(md);
  if (!m) return false;
  const [month, day] = [Number(m[1]), Number(m[2])];
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(2024, month, 0)).getUTCDate();
}

function monthDayText(md: string): string {
  const [m, d] = md.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} ${d}`;
}

/** 'April 29 to June 25'. */
export function seasonDatesText(season: Pick<Season, 'from' | 'to'>): string {
  return `${monthDayText(season.from)} to ${monthDayText(season.to)}`;
}

/** A season's sessions by day, each day's in order of time: what the page and the demo week read. */
export function seasonWeek(season: Season): Record<Day, TrainingSession[]> {
  const week = Object.fromEntries(DAYS.map((d) => [d, [] as TrainingSession[]])) as Record<Day, TrainingSession[]>;
  for (const s of season.sessions) week[s.day]?.push(s);
  for (const d of DAYS) week[d].sort((a, b) => a.start.localeCompare(b.start));
  return week;
}

/** The season whose tab the schedule opens on: the one the club picked, or the first. */
export function firstShownSeason(doc: SeasonsDocument): Season | undefined {
  return doc.seasons.find((s) => s.id === doc.shownFirst) ?? doc.seasons[0];
}

/**
 * The training season of a club-local date. On a changeover day the later season has begun; days
 * between two seasons belong to the one that comes next.
 */
export function trainingSeasonOfDate(seasons: readonly Season[], date: string): Season | undefined {
  const md = date.slice(5);
  const inside = (s: Season) => (s.from <= s.to ? md >= s.from && md < s.to : md >= s.from || md < s.to);
  return (
    seasons.find((s) => s.from === md) ??
    seasons.find(inside) ??
    [...seasons].sort((a, b) => a.from.localeCompare(b.from)).find((s) => s.from > md) ??
    [...seasons].sort((a, b) => a.from.localeCompare(b.from))[0]
  );
}

/** A season's id from its name ('Fall/Winter' → 'fall-winter'), made unique among `taken`. */
export function seasonId(name: string, taken: readonly string[]): string {
  const base = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'season';
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

type DefaultSession = Omit<TrainingSession, 'day'>;
const TEMPO: DefaultSession = { kind: 'run', title: 'Group tempo run', start: '18:15', end: '19:15', place: 'Athletic Centre front steps' };

/** The sessions of a week written by day, as a flat list. */
function byDay(week: Partial<Record<Day, DefaultSession[]>>): TrainingSession[] {
  return DAYS.flatMap((day) => (week[day] ?? []).map((s) => ({ day, ...s })));
}

// Each timetable's byDay is marked pure so a bundle that never reads the defaults (the schedule page)
// leaves them out.
const DEFAULT_SEASONS: Season[] = [
  {
    id: 'spring',
    name: 'Spring',
    from: '04-29',
    to: '06-25',
    summary: 'Training moves outdoors: group rides and bricks begin, and the pool keeps its morning practices.',
    sessions: /* @__PURE__ */ byDay({
      Monday: [
        { kind: 'swim', title: 'Swim practice', start: '06:30', end: '08:30', place: 'Aquatic Centre' },
        { kind: 'run', title: 'Easy recovery run', start: '17:30', end: '18:30', place: 'Athletic Centre front steps' },
      ],
      Tuesday: [
        { kind: 'run', title: 'Track intervals', start: '18:00', end: '19:30', place: 'Varsity Stadium track' },
      ],
      Wednesday: [
        { kind: 'swim', title: 'Swim practice', start: '06:30', end: '08:30', place: 'Aquatic Centre' },
        TEMPO,
      ],
      Thursday: [{ kind: 'outdoor-ride', title: 'Group road ride', start: '17:30', end: '19:30', place: 'Athletic Centre bike racks' }],
      Friday: [{ kind: 'swim', title: 'Swim practice', start: '06:30', end: '08:30', place: 'Aquatic Centre' }],
      Saturday: [{ kind: 'brick', title: 'Ride + run brick', start: '08:00', end: '10:30', place: 'Athletic Centre bike racks' }],
      Sunday: [{ kind: 'run', title: 'Long run', start: '09:00', end: '10:30', place: 'River path trailhead' }],
    }),
    notes: [
      { topic: 'Swims', text: 'Aquatic Centre, 25 m pool, lanes 1 to 4. Practices last 2 hours; more than 10 minutes late counts as late.' },
      { topic: 'Spins', text: 'No spin classes in spring: rides are outdoors. In bad weather the Thursday ride moves to the spin studio (room B120).' },
      { topic: 'Bricks', text: 'Meet at the Athletic Centre bike racks with your bike, helmet and running shoes. The run starts from the racks.' },
      { topic: 'Track', text: 'Varsity Stadium outdoor track, enter by the north gate. Recover in the outer lanes.' },
      { topic: 'Tempo runs', text: 'Athletic Centre front steps, leaving at 6:15 pm sharp. Warm up before you arrive.' },
    ],
  },
  {
    id: 'summer',
    name: 'Summer',
    from: '06-25',
    to: '08-20',
    summary: 'Race season: open-water swims, long rides and bricks, with a lighter weekday timetable.',
    sessions: /* @__PURE__ */ byDay({
      Monday: [{ kind: 'swim', title: 'Open-water swim', start: '18:00', end: '20:00', place: 'Lakeside beach' }],
      Tuesday: [{ kind: 'run', title: 'Track intervals', start: '18:00', end: '19:30', place: 'Varsity Stadium track' }],
      Wednesday: [TEMPO],
      Thursday: [
        { kind: 'swim', title: 'Swim practice', start: '07:00', end: '09:00', place: 'Aquatic Centre' },
        { kind: 'outdoor-ride', title: 'Group road ride', start: '18:00', end: '20:00', place: 'Athletic Centre bike racks' },
      ],
      Saturday: [{ kind: 'outdoor-ride', title: 'Long ride', start: '07:30', end: '11:00', place: 'Athletic Centre bike racks' }],
      Sunday: [{ kind: 'brick', title: 'Race-pace brick', start: '08:00', end: '10:00', place: 'Lakeside beach parking' }],
    }),
    notes: [
      { topic: 'Swims', text: 'Monday open-water swims at the lakeside beach, lifeguarded, wetsuits recommended. Thursday practice at the Aquatic Centre.' },
      { topic: 'Spins', text: 'No spin classes in summer: every ride is outdoors. Helmets are mandatory.' },
      { topic: 'Bricks', text: 'Lakeside beach parking lot. Bring a lock: bikes stay in the transition area while you run.' },
      { topic: 'Track', text: 'Varsity Stadium outdoor track, north gate. Bring water: there is no fountain on the infield.' },
      { topic: 'Tempo runs', text: 'Athletic Centre front steps at 6:15 pm, along the river path and back.' },
    ],
  },
  {
    id: 'fall-winter',
    name: 'Fall/Winter',
    from: '09-01',
    to: '04-29',
    summary: 'The busiest season: evening pool practices, reserved spin classes, indoor track and indoor bricks.',
    sessions: /* @__PURE__ */ byDay({
      Monday: [
        { kind: 'spin', title: 'Spin class', start: '07:00', end: '08:00', place: 'Spin studio B120' },
        { kind: 'swim', title: 'Swim practice', start: '19:00', end: '21:00', place: 'Aquatic Centre' },
      ],
      Tuesday: [{ kind: 'run', title: 'Track intervals', start: '18:00', end: '19:30', place: 'Indoor track, level 3' }],
      Wednesday: [
        { kind: 'spin', title: 'Spin class', start: '07:00', end: '08:00', place: 'Spin studio B120' },
        TEMPO,
      ],
      Thursday: [{ kind: 'swim', title: 'Swim practice', start: '19:00', end: '21:00', place: 'Aquatic Centre' }],
      Friday: [{ kind: 'spin', title: 'Spin class', start: '07:00', end: '08:00', place: 'Spin studio B120' }],
      Saturday: [{ kind: 'brick', title: 'Spin + run brick', start: '10:00', end: '11:30', place: 'Spin studio B120' }],
      Sunday: [
        { kind: 'swim', title: 'Swim practice', start: '09:00', end: '11:00', place: 'Aquatic Centre' },
        { kind: 'run', title: 'Long run', start: '11:30', end: '12:30', place: 'Athletic Centre front steps' },
      ],
    }),
    notes: [
      { topic: 'Swims', text: 'Aquatic Centre, 25 m pool, lanes 1 to 4, through the Athletic Centre main doors. Practices last 2 hours.' },
      {
        topic: 'Spins',
        text: 'Spin studio, Athletic Centre room B120. Reserve a bike on the forum; it goes to someone else after 10 minutes of lateness, and more than 2 no-shows in a semester means a one-week suspension.',
      },
      { topic: 'Bricks', text: 'Start in the spin studio (B120), then run on the indoor track one floor up. Bring running shoes.' },
      { topic: 'Track', text: 'Indoor track, Athletic Centre level 3. Run in the direction posted for the day.' },
      { topic: 'Tempo runs', text: 'Athletic Centre front steps at 6:15 pm, in every weather: dress in layers and wear something reflective.' },
    ],
  },
];

/** The `seasons` document's default: the club's three seasons, Spring's tab shown first. */
export function defaultSeasons(): SeasonsDocument {
  return { seasons: structuredClone(DEFAULT_SEASONS), shownFirst: 'spring' };
}

/**
 * A new club's schedule (its first run, api/setup/first-run.ts): one season the whole year round
 * with no sessions and no notes, so its Schedule page says that no weekly sessions are set out yet
 * rather than showing the demo club's timetable. Its administrator adds the sessions in Admin → Schedule.
 */
export function starterSeasons(): SeasonsDocument {
  return { seasons: [{ id: 'training', name: 'Training', from: '01-01', to: '12-31', summary: '', sessions: [], notes: [] }], shownFirst: 'training' };
}

/** Whether no season has a weekly session or a note: the schedule page is then a sentence, not empty tabs. */
export function scheduleEmpty(doc: SeasonsDocument): boolean {
  return doc.seasons.every((s) => s.sessions.length === 0 && s.notes.length === 0);
}
