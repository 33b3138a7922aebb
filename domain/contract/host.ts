// The host's side of a deployment that serves many clubs (MULTI_CLUB=on): the words of the front
// door's refusals, and the console's answers and requests (/_host/api/…, for the host administrator,
// not a club's). No screen of the club app reads this module.
import { z } from 'zod';
import { isValidEmail } from './email';

/** An address no club has: the page names no club (which clubs a host serves is nobody else's business). */
export const NO_CLUB_ERROR = 'There is no club at this address. Check the address you were given.';
export const CLUB_SUSPENDED_ERROR =
  'This club is suspended by the host that runs it. Nothing of it is deleted: its administrators can ask the host to resume it.';
export const CLUB_UNAVAILABLE_ERROR = 'This club cannot be opened right now. The host that runs it has been told; please try again later.';
/** One club's storm of requests: its own are answered this past their share; the other clubs go on. */
export const CLUB_BUSY_ERROR = 'This club has very many requests at once right now. Please try again in a few seconds.';
export const HOST_TOKEN_ERROR = 'The host console needs the host administrator’s token (HOST_ADMIN_TOKEN).';
export const ADDRESS_ERROR = 'Give the address as a host name, with its port if it has one (rowing.example.edu, rowing.localhost:3000).';
export const ADDRESS_TAKEN_ERROR = 'Another club has this address already.';
export const CLUB_NOT_FOUND_ERROR = 'No club has this address.';
export const CLUB_MOVED_ERROR = 'This club moved to another machine of the host; it is served there.';

/** A moved club's files stay on the machine it left, unrouted, until the host removes them. */
export type ClubState = 'active' | 'suspended' | 'moved';

/** GET /_host/api/clubs: one line of the console's list. */
export interface HostClub {
  address: string;
  name: string;
  state: ClubState;
  createdAt: number;
  /** When a request last reached it (epoch ms), or null if none has. */
  lastActivityAt: number | null;
  /** Its database file, its write-ahead log and its uploads, in bytes. */
  sizeBytes: number;
  /** Accounts that are members today (member, exec, administrator), or null when the file cannot be read. */
  members: number | null;
  lastBackupAt: number | null;
  /** Migrations applied to its database, and whether that is every one this version of the app has. */
  schema: { applied: number; current: boolean } | null;
  open: boolean;
  /** Why its database could not be opened or migrated the last time it was tried, or null. */
  problem: string | null;
  /** Whether members pay online, into the club's own Stripe account (its keys are never shown). */
  onlinePayments: boolean;
}

export interface HostClubs {
  version: string;
  clubs: HostClub[];
}

/** POST /_host/api/clubs. */
export const createClubSchema = z.object({
  address: z.string({ error: ADDRESS_ERROR }).trim().min(1, ADDRESS_ERROR).max(260, ADDRESS_ERROR),
  name: z.string({ error: 'Give the club a name' }).trim().min(1, 'Give the club a name').max(100, 'A club name is at most 100 characters'),
  adminEmail: z.string({ error: 'Give the first administrator’s email' }).trim().max(254).refine(isValidEmail, 'Give the first administrator’s email'),
});
export type CreateClubInput = z.infer<typeof createClubSchema>;

export const STRIPE_SECRET_KEY_ERROR = 'Give the club’s Stripe secret key (sk_live_…, sk_test_… or a restricted rk_…).';
export const STRIPE_WEBHOOK_SECRET_ERROR = 'Give the signing secret of the club’s webhook endpoint (whsec_…).';

/** PUT /_host/api/clubs/:address/stripe: the club's own Stripe account, into which its members pay online. */
export const clubStripeSchema = z.object({
  secretKey: z.string({ error: STRIPE_SECRET_KEY_ERROR }).trim().regex(/^(sk|rk)_[A-Za-z0-9_]+$/, STRIPE_SECRET_KEY_ERROR).max(300, STRIPE_SECRET_KEY_ERROR),
  webhookSecret: z.string({ error: STRIPE_WEBHOOK_SECRET_ERROR }).trim().regex(/^whsec_[A-Za-z0-9_+/=]+$/, STRIPE_WEBHOOK_SECRET_ERROR).max(300, STRIPE_WEBHOOK_SECRET_ERROR),
});
export type ClubStripeInput = z.infer<typeof clubStripeSchema>;

/** The answer to a club created: the first administrator's one-time setup link (also emailed). */
export interface CreatedClub {
  club: HostClub;
  setupLink: string;
}
