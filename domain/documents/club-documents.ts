// The club's own settings and texts as documents (docs/decisions/0093-club-documents.md): each has a
// key, a default (what the club had before anyone edited it, so a fresh club looks as the demo does),
// who may change it and whether anyone may read it. A document is read whole, published whole as a
// new version, and an older version can be published again. No zod here: a first paint reads this;
// the schemas that check a published body are in contract/club-documents-schemas.ts.
import { DEFAULT_RULE_NUMBERS, type RuleNumbers } from '../rules';
import { defaultTerms, type TermsDocument } from '../calendar';
import { defaultSeasons, type SeasonsDocument } from '../schedule';
import { defaultTeamPositions, type TeamPositionsDocument } from '../contract/club/profiles';
import { defaultClubIdentity, type ClubIdentity } from './club-identity';
import { defaultSports, type SportsDocument } from '../sports';

import { DEFAULT_GEAR, DEFAULT_HOME, DEFAULT_RESOURCES, defaultCharter, defaultFaq, defaultJoin, defaultWaiver, type PageDocumentTypes } from './club-pages';

import { DEFAULT_RACE_POINTS, type RacePoints } from '../races/race-points';
import { DEFAULT_CLUB_REGION, type ClubRegion } from '../region/club-region';
import { defaultPaymentSettings, type PaymentSettings } from '../payments/payments';
import { DEFAULT_DUTIES, type DutiesDocument } from '../people/duties';
import { DEFAULT_SAFETY, type SafetyDocument } from '../people/safety';

/** Who may publish a document: administrators only, or the page editors (administrators, and execs when the club allows it). */
export type DocumentEditors = 'admin' | 'pages';

/** Whether execs may edit the club's pages (Admin → Pages); administrators always may. */
export interface PagePermissions {
  execsEditPages: boolean;
}

/** The club's clock: every club date and time (a workout's start, "today") is read on it. */
export interface ClubTimeZone {
  /** An IANA name, e.g. 'America/Toronto'. */
  timeZone: string;
}

/** What each key holds. A new setting is a line here, one in DOCUMENT_RULES and one in DOCUMENT_SCHEMAS. */
export interface ClubDocumentTypes extends PageDocumentTypes {
  permissions: PagePermissions;
  /** The club's clock (Admin → Rules): every club date and time is read on it. */
  'time-zone': ClubTimeZone;
  /** The club's country (how phone numbers are read and shown) and language (how dates and times are written) (Admin → Rules). */
  region: ClubRegion;
  /** The attendance rules' numbers (Admin → Rules). */
  rules: RuleNumbers;
  /** The club's membership terms, year by year (Admin → Terms). */
  terms: TermsDocument;
  /** The training seasons, their weekly timetables and where-to-go notes (Admin → Schedule). */
  seasons: SeasonsDocument;
  /** The team page's positions, in order (Admin → Team). */
  'team-positions': TeamPositionsDocument;
  /** The workout types (name, sport, badge colour, usual length, retired) and the forum's filters (Admin → Sports). */
  sports: SportsDocument;
  /** The club's name, short name, main colour, logo, contact address and links (club-identity.ts). */
  club: ClubIdentity;
  'race-points': RacePoints;
  /** The club's currency, what a paid membership does and who handles the money (Admin → Payments). */
  payments: PaymentSettings;
  /** The kinds of duty the club has and the cut-off for giving one up (Admin → Rules). */
  duties: DutiesDocument;
  /** The health flags a safety card may carry, the consent's words, whether an unsigned member may sign up, how long a card outlives a membership (Admin → Rules). */
  safety: SafetyDocument;
}

export type DocumentKey = keyof ClubDocumentTypes;

/** What a default may draw on: the settings the server started with (their env values). */
export interface DocumentDefaultsContext {
  clubEmail: string;
  clubTimeZone: string;
}

export interface DocumentRule<K extends DocumentKey> {
  editors: DocumentEditors;
  /** Readable by anyone (a visitor's page shows it); otherwise by its editors only. */
  public: boolean;
  defaults: (context: DocumentDefaultsContext) => ClubDocumentTypes[K];
}

export const DOCUMENT_RULES: { [K in DocumentKey]: DocumentRule<K> } = {
  permissions: { editors: 'admin', public: false, defaults: () => ({ execsEditPages: false }) },
  // The server's CLUB_TIMEZONE until an administrator picks another (GET /api/config tells devices).
  'time-zone': { editors: 'admin', public: true, defaults: ({ clubTimeZone }) => ({ timeZone: clubTimeZone }) },
  // North American numbers and en-US dates, as the club had before (GET /api/config tells devices).
  region: { editors: 'admin', public: true, defaults: () => ({ ...DEFAULT_CLUB_REGION }) },
  rules: { editors: 'admin', public: true, defaults: () => ({ ...DEFAULT_RULE_NUMBERS }) },
  terms: { editors: 'admin', public: true, defaults: defaultTerms },
  seasons: { editors: 'admin', public: true, defaults: defaultSeasons },
  'team-positions': { editors: 'admin', public: true, defaults: defaultTeamPositions },
  sports: { editors: 'admin', public: true, defaults: defaultSports },
  club: { editors: 'admin', public: true, defaults: ({ clubEmail }) => defaultClubIdentity(clubEmail) },
  'home-page': { editors: 'pages', public: true, defaults: () => DEFAULT_HOME },
  'join-page': { editors: 'pages', public: true, defaults: defaultJoin },
  charter: { editors: 'pages', public: true, defaults: defaultCharter },
  waiver: { editors: 'pages', public: true, defaults: defaultWaiver },
  'faq-page': { editors: 'pages', public: true, defaults: defaultFaq },
  'resources-page': { editors: 'pages', public: true, defaults: () => DEFAULT_RESOURCES },
  'gear-page': { editors: 'pages', public: true, defaults: () => DEFAULT_GEAR },
  'race-points': { editors: 'admin', public: true, defaults: () => structuredClone(DEFAULT_RACE_POINTS) },
  // CAD, and the administrator approves a paid membership, as before payments were in the app.
  payments: { editors: 'admin', public: false, defaults: defaultPaymentSettings },
  duties: { editors: 'admin', public: false, defaults: () => structuredClone(DEFAULT_DUTIES) },
  // Any member may sign up unsigned, and a card is kept 90 days after a membership ends.
  safety: { editors: 'admin', public: false, defaults: () => structuredClone(DEFAULT_SAFETY) },
};

export const DOCUMENT_KEYS = Object.keys(DOCUMENT_RULES) as DocumentKey[];

export function isDocumentKey(key: string): key is DocumentKey {
  return Object.hasOwn(DOCUMENT_RULES, key);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A stored body as the app reads it today: a field added to a document after a version was published
 * takes its default, so every version in the history reads, and restores, whole (a club that saved its
 * name before the accent colour existed keeps the demo's accent until it chooses one).
 */
export function withDefaultsForNewFields<K extends DocumentKey>(key: K, stored: ClubDocumentTypes[K], context: DocumentDefaultsContext): ClubDocumentTypes[K] {
  const defaults: unknown = DOCUMENT_RULES[key].defaults(context);
  if (!isRecord(defaults) || !isRecord(stored)) return stored;
  return { ...defaults, ...stored } as ClubDocumentTypes[K];
}

/**
 * The fields added to a document after apps that edit it were installed: a publish from such an app
 * leaves them out, and they keep their values in force (any other field left out is refused).
 */
export const ADDED_FIELDS: { [K in DocumentKey]?: readonly (keyof ClubDocumentTypes[K])[] } = {
  club: ['tagline', 'description', 'accentColour'],
  'home-page': ['cards', 'figures'],
  'join-page': ['tax'],
  payments: ['reminderDays', 'entryHoldHours'],
};

/** The body a publish sends, with each added field it leaves out (ADDED_FIELDS) at its value in force. */
export function withUnsentFieldsKept<K extends DocumentKey>(key: K, inForce: ClubDocumentTypes[K], sent: unknown): unknown {
  const added = (ADDED_FIELDS[key] ?? []) as readonly string[];
  if (!isRecord(inForce) || !isRecord(sent) || added.length === 0) return sent;
  const kept = Object.fromEntries(added.filter((field) => !Object.hasOwn(sent, field)).map((field) => [field, inForce[field]]));
  return { ...sent, ...kept };
}

/** Whether someone of `role` may publish a document edited by `editors`, given the club's page permissions. */
export function mayEditDocument(editors: DocumentEditors, role: string, permissions: PagePermissions): boolean {
  if (role === 'administrator') return true;
  return editors === 'pages' && role === 'exec' && permissions.execsEditPages;
}
