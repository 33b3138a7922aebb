import { isCalendarDate } from '../../calendar-days';
import { z } from 'zod';
import { parseRaceTime, type PersonalBest } from '../../races/race-points';
import { RACE_LEGS_MAX, RACE_LEG_NAME_MAX } from '../../races/race-results';
import { hasUnsafeCharacters, requireAll, unsafeCharactersMessage } from '../common';
import { feeCentsSchema } from '../members/payments';

// Races contract: races, race sign-ups, their validation and answers. Answer field names are those
// installed apps read; signupCount and isSignedUp are per-caller extras.

export const RACE_NAME_MAX = 200;
export const RACE_LOCATION_MAX = 200;
export const RACE_DESCRIPTION_MAX = 2000;

export const RACE_REQUIRED_ERROR = 'Race name and date are required';
export const RACE_DATE_ERROR = 'Enter the race date as YYYY-MM-DD';
export const RACE_SEASON_YEAR_ERROR = 'Give the season as the year it starts in, e.g. 2026';
export const RACE_RESULT_OTHERS_ERROR = "Only an exec can enter someone else's result";
/** A split given for a leg the race does not have (an older app's named split). */
export const raceNoSuchLegMessage = (leg: string): string => `This race has no ${leg} leg`;
/** More splits than the race has legs. */
export const raceLegsCountMessage = (legs: readonly string[]): string =>
  legs.length === 0 ? 'This race has no legs: give the finish time only' : `This race has ${legs.length} ${legs.length === 1 ? 'leg' : 'legs'}: ${legs.join(', ')}`;
export const RACE_MEMBERS_ONLY_ERROR = 'You must be a member to sign up for races';
export const RACE_NOT_FOUND_ERROR = 'Race not found';

/** A real calendar day written 'YYYY-MM-DD' (2027-02-30 is refused): the club calendar's check. */
export { isCalendarDate };

// Optional fields may come as null from older clients; they are stored as ''.
const text = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v ?? '').trim());

export const RACE_DISTANCES_MAX = 10;
export const RACE_DISTANCE_NAME_MAX = 40;

/** A race's distances: names trimmed, blanks dropped, each once. Absent means "leave them as they are". */
const distances = z
  .array(z.string({ error: 'Each distance must be a name' }), { error: 'Distances must be a list of names' })
  .optional()
  .transform((list) => {
    if (list === undefined) return undefined;
    const seen = new Set<string>();
    const out: string[] = [];
    for (const raw of list) {
      const name = raw.trim();
      if (name === '' || seen.has(name.toLowerCase())) continue;
      seen.add(name.toLowerCase());
      out.push(name);
    }
    return out;
  })
  .superRefine((list, ctx) => {
    if (list === undefined) return;
    if (list.length > RACE_DISTANCES_MAX) ctx.addIssue({ code: 'custom', message: `A race has at most ${RACE_DISTANCES_MAX} distances` });
    if (list.some((d) => d.length > RACE_DISTANCE_NAME_MAX)) {
      ctx.addIssue({ code: 'custom', message: `A distance's name is at most ${RACE_DISTANCE_NAME_MAX} characters` });
    }
    if (list.some(hasUnsafeCharacters)) ctx.addIssue({ code: 'custom', message: unsafeCharactersMessage('A distance') });
  });

/**
 * A race's legs, whose splits a result gives: names trimmed, blanks dropped, in order (a name may come
 * twice: a duathlon runs twice). Absent means "leave them as they are" (a new race: a triathlon's).
 */
const legs = z
  .array(z.string({ error: 'Each leg must be a name' }), { error: 'Legs must be a list of names' })
  .optional()
  .transform((list) => list?.map((l) => l.trim()).filter((l) => l !== ''))
  .superRefine((list, ctx) => {
    if (list === undefined) return;
    if (list.length > RACE_LEGS_MAX) ctx.addIssue({ code: 'custom', message: `A race has at most ${RACE_LEGS_MAX} legs` });
    if (list.some((l) => l.length > RACE_LEG_NAME_MAX)) ctx.addIssue({ code: 'custom', message: `A leg's name is at most ${RACE_LEG_NAME_MAX} characters` });
    if (list.some(hasUnsafeCharacters)) ctx.addIssue({ code: 'custom', message: unsafeCharactersMessage('A leg') });
  });

/** POST /races and PUT /races/{id}: the same rules on both sides. */
export const raceInputSchema = z
  .object({ name: text, date: text, location: text, description: text, distances, legs, feeCents: feeCentsSchema.optional() })
  // Each broken rule on its field, in the form's order: the first issue (the API's error) is unchanged.
  .superRefine((v, ctx) => {
    if (!requireAll(v, ['name', 'date'] as const, RACE_REQUIRED_ERROR, ctx)) return;
    if (hasUnsafeCharacters(v.name)) ctx.addIssue({ code: 'custom', path: ['name'], message: unsafeCharactersMessage('Race name') });
    if (hasUnsafeCharacters(v.location)) ctx.addIssue({ code: 'custom', path: ['location'], message: unsafeCharactersMessage('Location') });
    if (!isCalendarDate(v.date)) ctx.addIssue({ code: 'custom', path: ['date'], message: RACE_DATE_ERROR });
    if (v.name.length > RACE_NAME_MAX) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: `Race name must be at most ${RACE_NAME_MAX} characters` });
    }
    if (v.location.length > RACE_LOCATION_MAX) {
      ctx.addIssue({ code: 'custom', path: ['location'], message: `Location must be at most ${RACE_LOCATION_MAX} characters` });
    }
    if (v.description.length > RACE_DESCRIPTION_MAX) {
      ctx.addIssue({ code: 'custom', path: ['description'], message: `Description must be at most ${RACE_DESCRIPTION_MAX} characters` });
    }
  });
/**
 * A race as written; `distances`, `legs` or `feeCents` absent leaves them as they are (an older app's
 * edit keeps them; a new race is free).
 */
export type RaceInput = Omit<z.infer<typeof raceInputSchema>, 'distances' | 'legs' | 'feeCents'> & { distances?: string[]; legs?: string[]; feeCents?: number };

// ---------- Answers ----------

export interface RaceSignup {
  id: number;
  user_id: number;
  user_name: string;
  signup_time: number;
  userProfilePictureUrl: string | null;
}

export interface Race {
  id: number;
  name: string;
  date: string;
  location: string;
  description: string;
  /** Members only; always [] for visitors and non-members (names stay private). */
  signups: RaceSignup[];
  /** Members only; 0 for visitors and non-members. */
  signupCount: number;
  isSignedUp: boolean;
  /** The distances one may enter, in the exec's order ([] when none were given). */
  distances: string[];
  /** The race's legs, in order, whose splits a result gives (a triathlon's five unless the exec said otherwise; [] for a finish time only). */
  legs: string[];
  /** Members only: who races what (everyone going; distance null until they say). */
  entries: RaceEntry[];
  /** The caller's own entry; null when not going (and for visitors). */
  entry: RaceEntry | null;
  /** Members only: the lifts offered, each with its seats and bike spots taken and free. */
  lifts: RaceLift[];
  /** Members only: who is looking for a lift (drivers see them). */
  liftSeekers: RacePerson[];
  /** Whether the caller said they are looking for a lift. */
  lookingForLift: boolean;
  /** Members only: the club's results, by distance then finish time. */
  results: RaceResult[];
  /** The entry fee in whole minor units of `feeCurrency`; 0 for a free race (absent from older answers). */
  feeCents?: number;
  feeCurrency?: string;
  /** The caller's entry while its fee is unpaid: the instant (epoch ms) it is let go unless paid; null otherwise. */
  entryHeldUntil?: number | null;
  /** Whether the caller's entry was let go, its fee unpaid within the club's hold (until they enter again). */
  entryLetGo?: boolean;
}

export interface RacePerson {
  user_id: number;
  user_name: string;
}

export interface RaceEntry extends RacePerson {
  /** One of the race's distances; null when the member has not said. */
  distance: string | null;
  /** Their wave or start time, as they wrote it ('' when not known). */
  wave: string;
  /** The entry's fee is unpaid and it is held: shown to the member themselves and to whoever handles payments. */
  paymentPending?: boolean;
}

export interface RaceLiftRider extends RacePerson {
  seat: boolean;
  bike: boolean;
}

export interface RaceLift {
  id: number;
  race_id: number;
  driver_id: number;
  driver_name: string;
  leavingFrom: string;
  /** 'YYYY-MM-DDTHH:MM', the club's time. */
  leavingAt: string;
  seats: number;
  bikeSpots: number;
  note: string;
  seatsTaken: number;
  seatsFree: number;
  bikeSpotsTaken: number;
  bikeSpotsFree: number;
  riders: RaceLiftRider[];
  /** The caller's places in this lift. */
  mySeat: boolean;
  myBike: boolean;
}

export interface RaceResult extends RacePerson {
  id: number;
  race_id: number;
  distance: string;
  finishSeconds: number;
  /** The splits of the legs called Swim, T1, Bike, T2 and Run (the first of each name), as the first apps read them. */
  swimSeconds: number | null;
  t1Seconds: number | null;
  bikeSeconds: number | null;
  t2Seconds: number | null;
  runSeconds: number | null;
  /** A split per leg of the race, in the order of the race's `legs` (null where none was given). */
  splits: (number | null)[];
  /** The overall placing the race gave, when the member knows it. */
  placing: number | null;
  /** Among the club's finishers at this distance, fastest first. */
  clubPlace: number;
}

export interface RacesAnswer {
  races: Race[];
}
export interface RaceAnswer {
  race: Race;
}
export interface RaceDetailAnswer {
  race: Race;
  signups: RaceSignup[];
  isSignedUp: boolean;
}
export interface RaceSignupAnswer {
  signedUp: boolean;
}
export interface RaceDeletedAnswer {
  message: string;
}

// ---------- Race weekend: entries, lifts, results ----------

export const RACE_DISTANCE_REQUIRED_ERROR = 'Choose a distance';
export const RACE_DISTANCE_UNKNOWN_ERROR = 'Choose one of the race\'s distances';
export const RACE_LIFT_NOT_FOUND_ERROR = 'Lift not found';
export const RACE_NO_SEATS_ERROR = 'No seats left in this lift';
export const RACE_NO_BIKE_SPOTS_ERROR = 'No bike spots left in this lift';
export const RACE_OWN_LIFT_ERROR = 'You are driving this lift';
export const RACE_LIFT_DRIVER_ONLY_ERROR = 'Only the driver can change this lift';
export const RACE_ONE_LIFT_ERROR = 'You already offer a lift to this race: change that one (seats, bike spots, time) instead of offering another';
export const RACE_NOT_ENTERED_ERROR = 'You are not entered in this race: sign up for it before giving your result';
/** An exec's result for someone who did not enter the race. */
export function raceNotEnteredMessage(name: string): string {
  return `${name} is not entered in this race: only members entered in it get a result`;
}
/** A result for an account that is not an active member (pending, rejected, or its membership ended). */
export function raceNotActiveMessage(name: string): string {
  return `${name} is not an active member: results are for active members entered in the race`;
}
/** A result before the race's day; `day` is the race's day as people read it. */
export function raceResultsNotOpenMessage(day: string): string {
  return `Results open on the race's day (${day}): enter them once the race has been run`;
}
export const RACE_WAVE_MAX = 60;
export const RACE_LIFT_NOTE_MAX = 500;
export const RACE_LIFT_PLACES_MAX = 8;

/** PUT /races/{id}/entry: which distance, and the wave or start time if known. */
export const raceEntrySchema = z.object({
  distance: z.string({ error: RACE_DISTANCE_REQUIRED_ERROR }).trim().min(1, RACE_DISTANCE_REQUIRED_ERROR),
  wave: text.pipe(z.string().max(RACE_WAVE_MAX, `Wave or start time must be at most ${RACE_WAVE_MAX} characters`)),
});
export type RaceEntryInput = z.infer<typeof raceEntrySchema>;

const places = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(0, `${what} cannot be negative`)
    .max(RACE_LIFT_PLACES_MAX, `${what} must be at most ${RACE_LIFT_PLACES_MAX}`);

/** POST /races/{id}/lifts and PUT /races/{id}/lifts/{liftId}. */
export const raceLiftSchema = z
  .object({
    leavingFrom: text,
    leavingAt: text,
    seats: places('Seats'),
    bikeSpots: places('Bike-rack spots'),
    note: text,
  })
  .superRefine((v, ctx) => {
    if (v.leavingFrom === '') ctx.addIssue({ code: 'custom', path: ['leavingFrom'], message: 'Say where you are leaving from' });
    else if (v.leavingFrom.length > RACE_LOCATION_MAX) {
      ctx.addIssue({ code: 'custom', path: ['leavingFrom'], message: `Leaving from must be at most ${RACE_LOCATION_MAX} characters` });
    } else if (hasUnsafeCharacters(v.leavingFrom)) {
      ctx.addIssue({ code: 'custom', path: ['leavingFrom'], message: unsafeCharactersMessage('Leaving from') });
    }
    const [day, time] = v.leavingAt.split('T');
    if (!day || !time || !isCalendarDate(day) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) {
      ctx.addIssue({ code: 'custom', path: ['leavingAt'], message: 'Enter when you leave as a date and time' });
    }
    if (v.seats + v.bikeSpots === 0) ctx.addIssue({ code: 'custom', path: ['seats'], message: 'Offer at least one seat or bike spot' });
    if (v.note.length > RACE_LIFT_NOTE_MAX) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: `Note must be at most ${RACE_LIFT_NOTE_MAX} characters` });
    }
  });
export type RaceLiftInput = z.infer<typeof raceLiftSchema>;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A changed lift keeps room for everyone already in it: the refusal, on its field, when the new
 * seats or bike spots are fewer than those taken; null when they fit.
 */
export function liftBelowTaken(
  input: Pick<RaceLiftInput, 'seats' | 'bikeSpots'>,
  taken: { seats: number; bikeSpots: number },
): { field: 'seats' | 'bikeSpots'; error: string } | null {
  if (input.seats < taken.seats) {
    const riders = taken.seats === 1 ? '1 rider already has a seat' : `${taken.seats} riders already have a seat`;
    return { field: 'seats', error: `${riders}: offer at least ${count(taken.seats, 'seat', 'seats')}` };
  }
  if (input.bikeSpots < taken.bikeSpots) {
    const riders = taken.bikeSpots === 1 ? '1 rider already has a bike spot' : `${taken.bikeSpots} riders already have a bike spot`;
    return { field: 'bikeSpots', error: `${riders}: offer at least ${count(taken.bikeSpots, 'bike spot', 'bike spots')}` };
  }
  return null;
}

/** A split or finish time: 'H:MM:SS' or 'MM:SS'; '' or absent for an optional one. */
const raceTime = (label: string, required: boolean) =>
  text.transform((v, ctx) => {
    if (v === '') {
      if (required) ctx.addIssue({ code: 'custom', message: `Enter your ${label}` });
      return null;
    }
    const seconds = parseRaceTime(v);
    if (seconds === null || seconds === 0) {
      ctx.addIssue({ code: 'custom', message: `Enter the ${label} as H:MM:SS or MM:SS` });
      return null;
    }
    return seconds;
  });

/**
 * PUT /races/{id}/result (one's own) and PUT /races/{id}/results/{userId} (an exec's). `splits` gives
 * a time per leg of the race, in the order of its legs; an app that sends none gives the legs called
 * Swim, T1, Bike, T2 and Run by those names instead.
 */
export const raceResultSchema = z.object({
  distance: z.string({ error: RACE_DISTANCE_REQUIRED_ERROR }).trim().min(1, RACE_DISTANCE_REQUIRED_ERROR),
  finishTime: raceTime('finish time', true),
  swim: raceTime('swim time', false),
  t1: raceTime('T1 time', false),
  bike: raceTime('bike time', false),
  t2: raceTime('T2 time', false),
  run: raceTime('run time', false),
  splits: z
    .array(raceTime('split', false), { error: 'Splits must be a list of times' })
    .max(RACE_LEGS_MAX, `A race has at most ${RACE_LEGS_MAX} legs`)
    .optional(),
  placing: z
    .union([z.number({ error: 'Placing must be a number' }).int('Placing must be a whole number').min(1, 'Placing starts at 1').max(100000), z.null()])
    .optional()
    .transform((v) => v ?? null),
});
export type RaceResultInput = z.infer<typeof raceResultSchema>;

export interface RaceLiftAnswer {
  lift: RaceLift;
}
export interface RaceResultAnswer {
  result: RaceResult;
}
export interface PersonalBestsAnswer {
  personalBests: PersonalBest[];
}
export interface SeasonTableRow extends RacePerson {
  rank: number;
  points: number;
  races: number;
}
export interface SeasonTableAnswer {
  /** The year the season starts in: what `?year=` asks for. */
  year: string;
  /** The season's name: '2026', or '2026–27' for one that runs into the next year. */
  season: string;
  /** Its first and last day, 'YYYY-MM-DD'. */
  from: string;
  to: string;
  /** The club's first month of a race season (1 for January): the season a date falls in follows it. */
  startMonth: number;
  table: SeasonTableRow[];
}
