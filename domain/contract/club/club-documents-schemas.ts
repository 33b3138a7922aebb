import { z } from 'zod';
import { DUTY_GIVE_UP_HOURS_MAX, DUTY_KIND_MAX, DUTY_KINDS_MAX } from '../../people/duties';
import { SAFETY_FLAG_MAX, SAFETY_FLAGS_MAX, SAFETY_KEEP_DAYS_MAX } from '../../people/safety';
import type { ClubDocumentTypes, DocumentKey } from '../../documents/club-documents';
import { RULE_NUMBER_BOUNDS, type RuleNumbers } from '../../rules';
import {
  CLUB_NAME_MAX,
  DESCRIPTION_MAX,
  HEX_COLOUR,
  LOGO_URL,
  LOGO_REFUSAL,
  SHORT_NAME_MAX,
  TAGLINE_MAX,
} from '../../documents/club-identity';
import { MIN_WHITE_TEXT_CONTRAST, whiteTextReadable } from '../../documents/club-palette';
import { hasUnsafeCharacters, unsafeCharactersMessage } from '../common';
import { DAYS, isMonthDay } from '../../schedule';
import { isCalendarDate } from '../../calendar-days';
import { termsProblem } from '../../calendar';
import { isTimeZone } from '../../time-zone';
import { isPhoneCountry } from '../../region/phone';
import { canonicalLocale } from '../../region/club-format';
import { isSafeLink } from '../../documents/safe-link';
import {
  BADGE_COLOURS,
  FILTERS_MAX,
  SPORTS,
  TYPES_MAX,
  TYPE_MINUTES_MAX,
  TYPE_MINUTES_MIN,
  TYPE_NAME_MAX,
  sportsProblem,
} from '../../sports';
import { POSITION_GROUPS } from './profiles';
import { isCurrency } from '../../payments/money';
import { ENTRY_HOLD_HOURS_MAX, ENTRY_HOLD_HOURS_MIN } from '../../payments/payments';
import { HOME_CARD_ICONS, type CharterPage, type WaiverPage, type FaqPage, type GearPage, type HomePage, type JoinPage, type ResourcesPage } from '../../documents/club-pages';

/** The label each rule number has on Admin → Rules, which its messages name. */
const ENTRY_HOLD_ERROR = `Give the hours an unpaid race entry is held, ${ENTRY_HOLD_HOURS_MIN} to ${ENTRY_HOLD_HOURS_MAX}`;

/** The refusal of a currency the runtime does not know. */
export const CURRENCY_CODE_ERROR = 'Choose a currency by its ISO 4217 code, such as CAD, EUR or JPY';

export const RULE_NUMBER_LABELS: Record<keyof RuleNumbers, string> = {
  lateCancelHours: 'Late-cancel window (hours)',
  absencesBeforeSuspension: 'Absences before a suspension',
  suspensionDays: 'Suspension length (days)',
  postingNoticeMinutes: 'Minutes before its start',
};

function ruleNumber(key: keyof RuleNumbers) {
  const { min, max } = RULE_NUMBER_BOUNDS[key];
  const message = `${RULE_NUMBER_LABELS[key]} must be a whole number from ${min} to ${max}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

const termDate = (what: string) =>
  z.string({ error: `Enter the ${what} date as YYYY-MM-DD` }).refine(isCalendarDate, `Enter the ${what} date as YYYY-MM-DD`);

/** The club's terms: each named, with a first and last day; none overlapping (domain/calendar.ts). */
const termsSchema = z
  .object({
    terms: z
      .array(
        z.object({
          id: z
            .string({ error: 'A term needs an id' })
            .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*-\d{4}$/, "A term's id is its name and year, e.g. fall-2026"),
          name: z.string({ error: 'Give the term a name' }).trim().min(1, 'Give the term a name').max(40, "A term's name is at most 40 characters"),
          start: termDate('first'),
          end: termDate('last'),
        }),
        { error: 'List the terms' },
      )
      .min(1, 'Keep at least one term')
      .max(400, 'At most 400 terms'),
  })
  .superRefine((doc, ctx) => {
    const problem = termsProblem(doc.terms);
    if (problem) ctx.addIssue({ code: 'custom', path: ['terms', problem.index, problem.field], message: problem.message });
  });

/** A social link: empty (no link shown) or an https address. */
function socialLink(site: string) {
  return z
    .string({ error: `Give the ${site} link, or leave it empty` })
    .trim()
    .max(300, `The ${site} link is at most 300 characters`)
    .refine((value) => value === '' || /^https:\/\/[^\s<>"]+$/.test(value), `The ${site} link must start with https://`);
}

/** A colour the app prints white text on (and, for the accent, prints as text on white). */
function readableColour(which: 'main' | 'accent', example: string) {
  return z
    .string({ error: `Choose ${which === 'main' ? 'a main' : 'an accent'} colour` })
    .trim()
    .regex(HEX_COLOUR, `The ${which} colour is a hex colour like ${example}`)
    .transform((value) => value.toLowerCase())
    .refine(whiteTextReadable, `White text on this colour is hard to read: choose a darker colour (contrast at least ${MIN_WHITE_TEXT_CONTRAST}:1)`);
}

/** The club's name, in force wherever it is printed on one line (a page's title, an email's sender, a calendar's name). */
export const clubNameSchema = z
  .string({ error: 'Give the club a name' })
  .trim()
  .min(1, 'Give the club a name')
  .max(CLUB_NAME_MAX, `The club name is at most ${CLUB_NAME_MAX} characters`)
  .refine((value) => !hasUnsafeCharacters(value), unsafeCharactersMessage('The club name'));

export const clubIdentitySchema = z.object({
  name: clubNameSchema,
  shortName: z
    .string({ error: 'Give a short name' })
    .trim()
    .min(1, 'Give a short name (the label under the app on a home screen)')
    .max(SHORT_NAME_MAX, `The short name is at most ${SHORT_NAME_MAX} characters (a home screen cuts it off)`)
    .refine((value) => !hasUnsafeCharacters(value), unsafeCharactersMessage('The short name')),
  tagline: z
    .string({ error: 'Write a tagline' })
    .trim()
    .min(1, 'Write a tagline (the line under the name on link previews)')
    .max(TAGLINE_MAX, `The tagline is at most ${TAGLINE_MAX} characters`)
    .refine((value) => !hasUnsafeCharacters(value), unsafeCharactersMessage('The tagline')),
  description: z
    .string({ error: 'Describe the club' })
    .trim()
    .min(1, 'Describe the club in a sentence or two (what search results and shared links say)')
    .max(DESCRIPTION_MAX, `The description is at most ${DESCRIPTION_MAX} characters (search results cut it off)`)
    .refine((value) => !hasUnsafeCharacters(value), unsafeCharactersMessage('The description')),
  mainColour: readableColour('main', '#072f54'),
  accentColour: readableColour('accent', '#c2410c'),
  logo: z.string().regex(LOGO_URL, LOGO_REFUSAL).nullable(),
  contactEmail: z.email({ error: 'The contact email must be an email address' }).trim().max(254, 'The contact email is too long'),
  instagram: socialLink('Instagram'),
  facebook: socialLink('Facebook'),
  strava: socialLink('Strava'),
});

// The club's pages (domain/documents/club-pages.ts): texts a person writes, with limits a page can show.
const text = (what: string, most: number) =>
  z.string({ error: `Write ${what}` }).trim().min(1, `Write ${what}`).max(most, `${what[0]!.toUpperCase()}${what.slice(1)} is at most ${most} characters`);

const joinPageSchema: z.ZodType<JoinPage> = z.object({
  intro: text('the line under the title', 400),
  goal: text('the goal', 3000),
  whoCanJoin: z.array(text('who can join', 400)).min(1, 'Say who can join').max(20, 'At most 20 lines'),
  athleteTypes: z
    .array(z.object({ name: text('the athlete type’s name', 60), text: text('what the athlete type does', 600) }))
    .max(12, 'At most 12 athlete types'),
  steps: z.array(z.object({ title: text('the step’s title', 120), text: text('the step', 1000) })).min(1, 'Give at least one step').max(12, 'At most 12 steps'),
  fees: z
    .array(
      z.object({
        name: text('the package’s name', 60),
        for: text('who the package is for', 60),
        covers: text('what the package covers', 80),
        fee: z
          .number({ error: 'Give the fee as a number' })
          .min(0, 'A fee is not negative')
          .max(100000, 'That fee is too high')
          // A fee is paid in whole cents (domain/payments/money.ts).
          .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Give the fee in whole cents (at most two decimals)'),
      }),
    )
    .max(20, 'At most 20 packages'),
  feesNote: z.string().trim().max(1000, 'The note is at most 1000 characters'),
  tax: z.object({
    name: z
      .string({ error: 'Give the tax’s name, or leave it empty' })
      .trim()
      .max(12, 'A tax’s name is at most 12 characters')
      .refine((value) => !hasUnsafeCharacters(value), unsafeCharactersMessage('The tax’s name')),
    included: z.boolean({ error: 'Say whether the fees include the tax' }),
    // Optional: an app that edits Join us without it keeps the rate in force (taxRateOf).
    rate: z
      .number({ error: 'Give the tax’s rate as a number' })
      .min(0, 'A tax’s rate is not negative')
      .max(100, 'A tax’s rate is at most 100 %')
      .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, 'Give the rate with at most three decimals')
      .optional(),
  }),
});

const homePageSchema: z.ZodType<HomePage> = z.object({
  title: text('the title', 80),
  tagline: text('the tagline', 300),
  about: text('the about text', 3000),
  photos: z
    .array(
      z.object({
        // The app's own pictures or the club's uploads: a path of this site, never another's.
        image: z.string().regex(/^\/(?:images|uploads)\/[a-z0-9-]+$/, 'Choose one of the photos'),
        alt: text('what the photo shows (its alt text)', 300),
        caption: text('the caption', 120),
      }),
    )
    .min(1, 'Keep at least one photo')
    .max(10, 'At most 10 photos'),
  cards: z
    .array(
      z.object({
        icon: z.enum(HOME_CARD_ICONS, { error: 'Choose the card’s picture' }),
        title: text('the card’s title', 40),
        text: text('the card’s text', 400),
      }),
      { error: 'List the cards' },
    )
    .max(6, 'At most 6 cards'),
  figures: z
    .array(z.object({ value: text('the figure', 40), label: text('what the figure counts (its label)', 60) }), { error: 'List the figures' })
    .max(4, 'At most 4 figures'),
});

const charterSchema: z.ZodType<CharterPage> = z.object({ text: text('the charter', 30000) });
const waiverSchema: z.ZodType<WaiverPage> = z.object({ text: text('the waiver', 30000) });

const faqPageSchema: z.ZodType<FaqPage> = z.object({
  items: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A question’s anchor is lower-case letters, digits and dashes').max(60),
        question: text('the question', 200),
        answer: text('the answer', 4000),
      }),
    )
    .max(60, 'The FAQ holds at most 60 questions')
    .refine((items) => new Set(items.map((i) => i.id)).size === items.length, 'Two questions have the same anchor'),
});

const resourcesPageSchema: z.ZodType<ResourcesPage> = z.object({
  placeholder: text('the text shown while there are no links', 300),
  links: z
    .array(
      z.object({
        title: text('the link’s title', 120),
        url: z
          .string({ error: 'Write the link’s address' })
          .trim()
          .min(1, 'Write the link’s address')
          .max(2000, 'The address is at most 2000 characters')
          .refine(isSafeLink, 'A link goes to a web address (https://…), an email (mailto:…) or a page of this site (/…)'),
      }),
    )
    .max(100, 'At most 100 links'),
});

const gearPageSchema: z.ZodType<GearPage> = z.object({
  placeholder: text('the text shown while there are no items', 300),
  items: z
    .array(z.object({ name: text('the item’s name', 120), description: text('the item’s description', 2000) }))
    .max(60, 'At most 60 items'),
});

/** The check of each document's body: a publish whose body fails it is refused with the field's message. */
const clockTime = (what: string) => z.string({ error: `Enter the ${what} as HH:MM` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `Enter the ${what} as HH:MM`);
const monthDay = (what: string) =>
  z.string({ error: `Enter the ${what} as MM-DD, e.g. 04-29` }).refine(isMonthDay, `Enter the ${what} as MM-DD, e.g. 04-29`);
const words = (empty: string, max: number, what: string) =>
  z.string({ error: empty }).trim().min(1, empty).max(max, `${what} is at most ${max} characters`);

/** The club's training seasons: each named and dated, with its weekly sessions and where-to-go notes. */
const seasonsSchema = z
  .object({
    seasons: z
      .array(
        z.object({
          id: z.string({ error: 'A season needs an id' }).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "A season's id is lower-case words joined by hyphens"),
          name: words('Give the season a name', 40, "A season's name"),
          from: monthDay('first day'),
          to: monthDay('last day'),
          summary: z.string({ error: 'Describe the season in a sentence' }).trim().max(300, 'The summary is at most 300 characters'),
          sessions: z
            .array(
              z
                .object({
                  day: z.enum(DAYS, { error: 'Choose a day of the week' }),
                  start: clockTime('time'),
                  end: clockTime('end time'),
                  kind: z.string({ error: 'Choose a sport' }).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Choose a sport'),
                  title: words('Say what the session is', 80, 'What'),
                  place: words('Say where the session meets', 120, 'Where'),
                })
                .refine((s) => s.end > s.start, { path: ['end'], message: 'The end time must be after the time' }),
              { error: 'List the sessions' },
            )
            .max(60, 'At most 60 sessions a week'),
          notes: z
            .array(z.object({ topic: words('Give the note a topic', 40, 'A topic'), text: words('Write the note', 500, 'A note') }), {
              error: 'List the notes',
            })
            .max(20, 'At most 20 notes'),
        }),
        { error: 'List the seasons' },
      )
      .min(1, 'Keep at least one season')
      .max(12, 'At most 12 seasons'),
    shownFirst: z.string({ error: 'Choose the season shown first' }),
  })
  .superRefine((doc, ctx) => {
    doc.seasons.forEach((s, i) => {
      if (doc.seasons.findIndex((o) => o.id === s.id) !== i) ctx.addIssue({ code: 'custom', path: ['seasons', i, 'name'], message: `Two seasons are both ${s.name}: rename one` });
    });
    if (!doc.seasons.some((s) => s.id === doc.shownFirst)) ctx.addIssue({ code: 'custom', path: ['shownFirst'], message: 'Choose one of the seasons to show first' });
  });

/** The team page's positions: each titled, none twice. */
const teamPositionsSchema = z
  .object({
    positions: z
      .array(
        z.object({
          id: z.string({ error: 'A position needs an id' }).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "A position's id is lower-case words joined by hyphens"),
          title: words('Give the position a title', 60, "A position's title"),
          group: z.enum(POSITION_GROUPS, { error: 'Choose Coaches or Executive Team' }).optional(),
        }),
        { error: 'List the positions' },
      )
      .max(40, 'At most 40 positions'),
  })
  .superRefine((doc, ctx) => {
    doc.positions.forEach((p, i) => {
      if (doc.positions.findIndex((o) => o.id === p.id) !== i) ctx.addIssue({ code: 'custom', path: ['positions', i, 'id'], message: `The position ${p.id} is listed twice` });
    });
  });

const sportsId = (what: string) =>
  z.string({ error: `A ${what} needs an id` }).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, `A ${what}'s id is lower-case words joined by hyphens`).max(40);
const minutesMessage = `The usual length is a whole number of minutes from ${TYPE_MINUTES_MIN} to ${TYPE_MINUTES_MAX}`;

/** The club's workout types and the forum's filters (domain/sports.ts); a removed type in use is refused on publish. */
const sportsSchema = z
  .object({
    types: z
      .array(
        z.object({
          id: sportsId('workout type'),
          name: words('Give the workout type a name', TYPE_NAME_MAX, "A workout type's name"),
          sport: z.enum(SPORTS, { error: 'Choose the sport' }),
          colour: z.enum(BADGE_COLOURS, { error: 'Choose the badge colour' }),
          minutes: z.number({ error: minutesMessage }).int(minutesMessage).min(TYPE_MINUTES_MIN, minutesMessage).max(TYPE_MINUTES_MAX, minutesMessage),
          retired: z.boolean({ error: 'Say whether the type is retired' }),
        }),
        { error: 'List the workout types' },
      )
      .min(1, 'Keep at least one workout type')
      .max(TYPES_MAX, `At most ${TYPES_MAX} workout types`),
    filters: z
      .array(
        z.object({
          id: sportsId('filter'),
          name: words('Give the filter a name', TYPE_NAME_MAX, "A filter's name"),
          types: z.array(z.string(), { error: 'Pick the workout types the filter shows' }).max(TYPES_MAX),
        }),
        { error: 'List the filters' },
      )
      .max(FILTERS_MAX, `At most ${FILTERS_MAX} filters besides All`),
  })
  .superRefine((doc, ctx) => {
    const problem = sportsProblem(doc);
    if (problem) ctx.addIssue({ code: 'custom', path: problem.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message: problem.message });
  });

export const DOCUMENT_SCHEMAS: { [K in DocumentKey]: z.ZodType<ClubDocumentTypes[K]> } = {
  permissions: z.object({ execsEditPages: z.boolean({ error: 'Say whether execs may edit the pages' }) }),
  'time-zone': z.object({
    timeZone: z
      .string({ error: 'Choose the club’s time zone' })
      .refine(isTimeZone, 'Choose a time zone such as America/Toronto (an offset like +05:00 ignores daylight saving)'),
  }),
  region: z.object({
    country: z
      .string({ error: 'Choose the club’s country' })
      .trim()
      .toUpperCase()
      .refine(isPhoneCountry, 'Choose the club’s country by its two-letter code, e.g. AU or CA'),
    // Kept canonical ('en-au' is kept as 'en-AU'), so every device and the server read the same tag.
    locale: z.string({ error: 'Choose the club’s language' }).transform((tag, ctx) => {
      const canonical = canonicalLocale(tag);
      if (canonical) return canonical;
      ctx.addIssue({ code: 'custom', message: 'Give a language and region dates can be written in, e.g. en-AU or en-US' });
      return z.NEVER;
    }),
  }),
  rules: z.object({
    lateCancelHours: ruleNumber('lateCancelHours'),
    absencesBeforeSuspension: ruleNumber('absencesBeforeSuspension'),
    suspensionDays: ruleNumber('suspensionDays'),
    // Left out: a new workout from the club's tomorrow (rules.ts), as before the choice existed.
    postingNoticeMinutes: ruleNumber('postingNoticeMinutes').optional(),
  }),
  terms: termsSchema,
  seasons: seasonsSchema,
  'team-positions': teamPositionsSchema,
  sports: sportsSchema,
  club: clubIdentitySchema,
  'home-page': homePageSchema,
  'join-page': joinPageSchema,
  charter: charterSchema,
  waiver: waiverSchema,
  'faq-page': faqPageSchema,
  'resources-page': resourcesPageSchema,
  'gear-page': gearPageSchema,
  'race-points': z.object({
    finishPoints: z
      .number({ error: 'Points for finishing must be a number' })
      .int('Points for finishing must be a whole number')
      .min(0, 'Points for finishing cannot be negative')
      .max(1000, 'Points for finishing must be at most 1000'),
    placePoints: z
      .array(
        z
          .number({ error: 'Points for a place must be a number' })
          .int('Points for a place must be a whole number')
          .min(0, 'Points for a place cannot be negative')
          .max(1000, 'Points for a place must be at most 1000'),
      )
      .max(20, 'Give points for at most 20 places'),
    seasonStartMonth: z
      .number({ error: 'Choose the month the race season starts' })
      .int('Choose the month the race season starts')
      .min(1, 'Choose the month the race season starts')
      .max(12, 'Choose the month the race season starts')
      .optional(),
  }),
  payments: z.object({
    currency: z.string({ error: 'Choose the club’s currency' }).refine(isCurrency, CURRENCY_CODE_ERROR),
    activateOnPayment: z.boolean({ error: 'Say whether a paid membership activates the account' }),
    positions: z.array(z.string().trim().min(1).max(60), { error: 'List the positions that handle payments' }).max(20, 'At most 20 positions'),
    reminderDays: z.number({ error: 'Give the days between two reminders, 1 to 60' }).int('Give the days between two reminders, 1 to 60').min(1, 'Give the days between two reminders, 1 to 60').max(60, 'Give the days between two reminders, 1 to 60'),
    entryHoldHours: z.number({ error: ENTRY_HOLD_ERROR }).int(ENTRY_HOLD_ERROR).min(ENTRY_HOLD_HOURS_MIN, ENTRY_HOLD_ERROR).max(ENTRY_HOLD_HOURS_MAX, ENTRY_HOLD_ERROR),
  }),
  duties: z.object({
    kinds: z
      .array(
        z
          .string({ error: 'Name each kind of duty' })
          .trim()
          .min(1, 'Name each kind of duty')
          .max(DUTY_KIND_MAX, `A kind of duty is at most ${DUTY_KIND_MAX} characters`),
      )
      .min(1, 'Give at least one kind of duty')
      .max(DUTY_KINDS_MAX, `Give at most ${DUTY_KINDS_MAX} kinds of duty`)
      .refine((kinds) => new Set(kinds.map((k) => k.toLowerCase())).size === kinds.length, 'Give each kind of duty once'),
    giveUpHours: z
      .number({ error: 'The cut-off for giving a duty up must be a number of hours' })
      .int('The cut-off for giving a duty up must be a whole number of hours')
      .min(0, 'The cut-off for giving a duty up cannot be negative')
      .max(DUTY_GIVE_UP_HOURS_MAX, `The cut-off for giving a duty up is at most ${DUTY_GIVE_UP_HOURS_MAX} hours`),
  }),
  safety: z.object({
    flags: z
      .array(
        z
          .string({ error: 'Name each health flag' })
          .trim()
          .min(1, 'Name each health flag')
          .max(SAFETY_FLAG_MAX, `A health flag is at most ${SAFETY_FLAG_MAX} characters`),
      )
      .max(SAFETY_FLAGS_MAX, `Give at most ${SAFETY_FLAGS_MAX} health flags`),
    consentText: text('the consent to share a safety card', 2000),
    unsignedMaySignUp: z.boolean({ error: 'Say whether a member who has not signed the waiver may sign up' }),
    keepDaysAfterMembership: z
      .number({ error: 'How long a card is kept must be a number of days' })
      .int('How long a card is kept must be a whole number of days')
      .min(0, 'How long a card is kept cannot be negative')
      .max(SAFETY_KEEP_DAYS_MAX, `A card is kept at most ${SAFETY_KEEP_DAYS_MAX} days`),
  }),
};

/** PUT /club/documents/:key: the new body, and the version it was edited from (the check against a lost edit). */
export const publishDocumentSchema = z.object({
  body: z.unknown(),
  version: z.number({ error: 'Say which version this edit was made from' }).int().min(0),
  note: z.string().trim().max(200, 'A note is at most 200 characters').optional(),
  minor: z.boolean().optional(),
  /** Go ahead with what the server asked about in a 409 carrying `confirm` (e.g. removing a held position). */
  confirm: z.boolean().optional(),
});
export type PublishDocument = z.infer<typeof publishDocumentSchema>;

/** POST /club/documents/:key/versions/:version/restore: the version in force when the editor chose to restore. */
export const restoreDocumentSchema = z.object({
  version: z.number({ error: 'Say which version is in force' }).int().min(0),
  confirm: z.boolean().optional(),
});
