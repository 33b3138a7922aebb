import type Stripe from 'stripe';
import type { Database_ } from '../../db/client';
import type { ClubDocumentTypes, DocumentKey } from '../../domain/documents/club-documents';
import type { UserRow } from '../../db/schema';
import type { Role } from '../../domain/contract/roles';
import type { Env } from './settings/env';
import type { Logger } from './logger';
import type { MessageQueue } from './message-queue';
import type { PushEndpointPolicy } from './settings/push-endpoint';
import type { GrowingDelay, RateLimiter } from './rate-limit';
import type { TokenClub } from './tokens';

/** Everything a request needs, built once at start (or per test) and put on every context. */
export interface AppDeps {
  env: Env;
  database: Database_;
  /** Emails and Web Push notifications, queued with the change that causes them (api/messaging/queue/). */
  messageQueue: MessageQueue;
  jwtSecret: Uint8Array;
  /** The VAPID public key a browser subscribes with (GET /api/config). */
  vapidPublicKey: string;
  /** Which push endpoints a device may register and the server may send to (PUSH_SERVICE_HOSTS). */
  pushEndpoints: PushEndpointPolicy;
  rateLimiter: RateLimiter;
  /** Per-account growing delays after failed sign-ins (api/accounts/auth.ts). */
  loginDelay: GrowingDelay;
  clock: () => number;
  /**
   * The club's time zone in force: the `time-zone` document (Admin → Rules), whose default while no
   * administrator has published one is the CLUB_TIMEZONE the server started with. Read by the
   * documents, which this plumbing does not import, so the composition root (api/deps.ts) hands the
   * reader over; every module reads the zone with clubTimeZone(deps) (api/platform/club-time-zone.ts).
   */
  clubTimeZone: () => string;
  /**
   * What a publish of a club document must check against the rest of the club's data, by document:
   * each feature's own check (a workout type in use, a team position held), run by api/club/documents.ts
   * inside the publish's transaction and handed over by the composition root (api/deps.ts), so the
   * documents import none of the features they ask.
   */
  publishChecks: PublishChecks;
  /** The club's Stripe account (STRIPE_SECRET_KEY), or null: online payment is off, money is recorded by hand. */
  stripe: Stripe | null;
  /** Where uploaded files live (served at /uploads/). */
  uploadsDir: string;
  logger: Logger;
  /**
   * When one deployment serves many clubs (MULTI_CLUB=on): this club's address, which its tokens carry,
   * the sha256 of the one-time key its first-run setup link holds (null once no key is asked), and who
   * runs the deployment. Absent for the single club.
   */
  hosted?: HostedClub;
}

export interface HostedClub extends TokenClub {
  setupKeyHash: string | null;
  hostName: string;
}

/**
 * A check of a publish of document `K`: given the body in force and the new one (and whether the
 * editor confirmed a warning), it refuses by throwing a ServiceError.
 */
export type PublishCheck<K extends DocumentKey> = (deps: AppDeps, before: ClubDocumentTypes[K], after: ClubDocumentTypes[K], confirmed: boolean) => void;
export type PublishChecks = { [K in DocumentKey]?: readonly PublishCheck<K>[] };

/** The caller, read from the database on every request; `role` is the effective role. */
export interface CurrentUser {
  row: UserRow;
  id: number;
  role: Role;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    user: CurrentUser;
    /** Set by requireAuth: when this session's sign-in happened (epoch ms), carried by renewals. */
    signedInAt: number;
    /** Set by optionalAuth when a valid token came with the request. */
    maybeUser: CurrentUser | null;
    /** Set by the request log: the `X-Request-Id` of this request, and a logger that carries it. */
    requestId: string;
    log: Logger;
  };
};
