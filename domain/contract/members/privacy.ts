// A member's own data: the download (GET /me/export), leaving the club (DELETE /me) and the facts the
// privacy page states (GET /privacy). docs/decisions/0080-my-data.md. No zod here: the public privacy
// page and the app's entry chunk read these; the body schema is in privacy-schemas.ts.

/** Downloads of one member's data in 24 hours. */
export const EXPORTS_PER_DAY = 3;
/** The server's backup settings when BACKUP_EVERY and BACKUP_KEEP are not set. */
export const DEFAULT_BACKUP_EVERY = '24h';
export const DEFAULT_BACKUP_KEEP = 7;
/** Days the server keeps the answer to a change sent with an Idempotency-Key (offline changes). */
export const IDEMPOTENCY_DAYS = 30;
/** Days a safety card outlives its membership unless the club sets another (the `safety` document's default, domain/people/safety.ts). */
export const DEFAULT_SAFETY_KEEP_DAYS = 90;

/** The name every screen and report shows for an account that was deleted. */
export const FORMER_MEMBER = 'Former member';

export const DELETE_WRONG_PASSWORD = 'That password is not right. Your account was not deleted.';
export const LAST_ADMIN_ERROR =
  "You are the club's last administrator, so your account cannot be deleted. Make another member an administrator first.";
/** A signed token of an account that no longer exists: the app wipes the device as after a deletion. */
export const ACCOUNT_DELETED_ERROR = 'This account was deleted.';
export const EXPORT_LIMIT_ERROR = `You can download your data ${EXPORTS_PER_DAY} times a day. Please try again tomorrow.`;

/** GET /privacy: what the privacy page states about how long things are kept, from the server's own settings. */
export interface PrivacyFacts {
  backups: {
    /** Hours between scheduled backups, or null when the server makes none (BACKUP_EVERY=off). */
    everyHours: number | null;
    /** How many scheduled backups are kept (BACKUP_KEEP): the oldest is this many intervals old. */
    kept: number;
  };
  /** Days an answer to an offline change is kept. */
  offlineChangesDays: number;
  /** What one line of the request log holds. */
  requestLogFields: string[];
  exportsPerDay: number;
  /** Who runs the server for the club when one deployment hosts many clubs (HOST_NAME); absent for a club's own server. */
  hostedBy?: string;
  /** Days a safety card is kept after a membership ends (the club's `safety` document). */
  safetyCardDays: number;
}

/**
 * What one line of the request log holds (api/platform/middleware/request-log.ts), field by field, in the words
 * the privacy page uses; the request-log's own fields besides pino's level, time, pid and message.
 */
export const REQUEST_LOG_LINE: Record<string, string> = {
  method: 'method',
  path: 'path (never the query string, secrets replaced)',
  status: 'status',
  ms: 'duration',
  userId: 'account number',
  reqId: 'request id',
};

/** The facts as they are with the default settings: what the page shows before the server answers. */
export const DEFAULT_PRIVACY_FACTS: PrivacyFacts = {
  backups: { everyHours: 24, kept: DEFAULT_BACKUP_KEEP },
  offlineChangesDays: IDEMPOTENCY_DAYS,
  requestLogFields: Object.values(REQUEST_LOG_LINE),
  exportsPerDay: EXPORTS_PER_DAY,
  safetyCardDays: DEFAULT_SAFETY_KEEP_DAYS,
};
