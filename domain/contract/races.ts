import { isCalendarDate } from '../calendar-days';
import { z } from 'zod';
import { hasUnsafeCharacters, requireAll, unsafeCharactersMessage } from './common';

// Races contract: races, race sign-ups, their validation and answers. Answer field names are those
// installed apps read; signupCount and isSignedUp are per-caller extras.

export const RACE_NAME_MAX = 200;
export const RACE_LOCATION_MAX = 200;
export const RACE_DESCRIPTION_MAX = 2000;

export const RACE_REQUIRED_ERROR = 'Race name and date are required';
export const RACE_DATE_ERROR = 'Enter the race date as YYYY-MM-DD';
export const RACE_MEMBERS_ONLY_ERROR = 'You must be a member to sign up for races';
export const RACE_NOT_FOUND_ERROR = 'Race not found';

/** A real calendar day written 'YYYY-MM-DD' (2027-02-30 is refused): the club calendar's check. */
export { isCalendarDate };

// Optional fields may come as null from older clients; they are stored as ''.
const text = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v ?? '').trim());

/** POST /races and PUT /races/{id}: the same rules on both sides. */
export const raceInputSchema = z
  .object({ name: text, date: text, location: text, description: text })
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
export type RaceInput = z.infer<typeof raceInputSchema>;

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
