import { z } from 'zod';
import type { ClubIdentity } from '../documents/club-identity';
import type { SportsDocument } from '../sports';

/** GET /api/config: what the PWA needs to know of the club's settings (public, no secrets). */
export const clubConfigSchema = z.object({
  /** The club's IANA time zone in force (the `time-zone` setting; CLUB_TIMEZONE until one is published): every club date is a date on this clock. */
  clubTimeZone: z.string(),
  /** The club's country and language (the `region` document): phone numbers are read and shown for the country, dates written in the language. */
  region: z.object({ country: z.string(), locale: z.string() }).optional(),
  /** The club's contact address (the club document; CLUB_EMAIL until edited): membership receipts, questions; shown in the footer. */
  clubEmail: z.string(),
  /** The club document in force (name, short name, tagline, description, colours, logo, links): kept by the service worker for an offline start. */
  club: z.custom<ClubIdentity>().optional(),
  /** An empty club (no account yet) that anyone may set up: the app opens its one-time setup page (/setup). False for a club a host created, whose setup opens only with its link's key. */
  firstRun: z.boolean().optional(),
  /** The server's VAPID public key (URL-safe base64): a device subscribes to Web Push with it. */
  vapidPublicKey: z.string(),
  /** Whether members may add passkeys and sign in with them (off when APP_URL cannot carry them). */
  passkeys: z.boolean(),
  /** The rules' numbers in force (Admin → Rules): the device words and warns with them. */
  rules: z
    .object({
      lateCancelHours: z.number(),
      absencesBeforeSuspension: z.number(),
      suspensionDays: z.number(),
      /** How soon before its start a new workout may be posted; absent: from the club's tomorrow. */
      postingNoticeMinutes: z.number().optional(),
    })
    .optional(),
  /** The club calendar's membership sessions: the current one and the three after it. */
  sessions: z
    .array(z.object({ id: z.string(), name: z.string(), starts: z.string(), ends: z.string() }))
    .optional(),
  /** The club's workout types and the forum's filters (the `sports` document): the form, badges and filters follow them offline too. */
  sports: z.custom<SportsDocument>().optional(),
  /** The club's currency (the `payments` document): a race's or event's fee is typed in it. */
  currency: z.string().optional(),
  /** The club's membership terms (the `terms` document): a device keeps them to word and check terms offline. */
  terms: z.array(z.object({ id: z.string(), name: z.string(), start: z.string(), end: z.string() })).optional(),
});
export type ClubConfig = z.infer<typeof clubConfigSchema>;
