import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { clubToday } from '../contract/dates';
import type { AppDeps } from '../context';
import { passwordResets, users } from '../../db/schema';
import { formatPhone } from '../contract/common';
import { DUPLICATE_EMAIL_ERROR, LOGIN_FAILED_ERROR, type AuthAnswer, type RegisterInput } from '../contract/auth';
import { ServiceError } from './errors';
import { passwordResetEmail } from './mail-templates';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../db/passwords';
import { randomToken, sha256, signSessionToken } from './tokens';
import { effectiveRole, findUserByEmail, normaliseEmail, toSessionUser } from './users';

const RESET_LIFETIME_MS = 60 * 60 * 1000;
const MINUTE = 60_000;

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && String(err.code).startsWith('SQLITE_CONSTRAINT');
}

async function answerFor(deps: AppDeps, userId: number): Promise<AuthAnswer> {
  const row = deps.database.db.select().from(users).where(eq(users.id, userId)).get();
  if (!row) throw new ServiceError(401, 'Account not found');
  const role = effectiveRole(row, clubToday(deps.clock(), deps.env.CLUB_TIMEZONE));
  return { user: toSessionUser(row, role), token: await signSessionToken(deps.jwtSecret, row.id, row.tokenVersion) };
}

/** New accounts are pending until an administrator approves them after payment (SPEC.md §1). */
export async function register(deps: AppDeps, input: RegisterInput, ip: string): Promise<AuthAnswer> {
  // Each sign-up costs a slow hash and leaves a pending account: a generous ceiling per address.
  if (deps.rateLimiter.hit(`register:ip:${ip}`, 20, 60 * MINUTE).limited) {
    throw new ServiceError(429, 'Too many sign-ups from this network. Please try again later.');
  }
  const email = normaliseEmail(input.email);
  if (findUserByEmail(deps.database.db, email)) throw new ServiceError(409, DUPLICATE_EMAIL_ERROR);
  const passwordHash = await hashPassword(input.password, deps.env.PASSWORD_HASH_LOG_N);
  let id: number;
  try {
    id = deps.database.db
      .insert(users)
      .values({
        email,
        passwordHash,
        name: input.name,
        phoneNumber: formatPhone(input.phoneNumber),
        role: 'pending',
        joinDate: clubToday(deps.clock(), deps.env.CLUB_TIMEZONE),
        createdAt: deps.clock(),
      })
      .returning({ id: users.id })
      .get().id;
  } catch (err) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(err)) throw new ServiceError(409, DUPLICATE_EMAIL_ERROR);
    throw err;
  }
  return answerFor(deps, id);
}

/**
 * Rate limits: per IP over all accounts, per IP and account for failures, and a looser per-account
 * ceiling; the windows are short so a real user is never locked out for long.
 */
export async function login(deps: AppDeps, email: string, password: string, ip: string): Promise<AuthAnswer> {
  const account = normaliseEmail(email);
  const limiter = deps.rateLimiter;
  const byIp = limiter.hit(`login:ip:${ip}`, 30, 15 * MINUTE);
  // A digest, not the email as typed: the keys live for up to an hour and the email can be ~100 KB.
  const accountTag = sha256(account);
  const pairKey = `login:fail:${ip}:${accountTag}`;
  const accountKey = `login:acct:${accountTag}`;
  if (byIp.limited || limiter.peek(pairKey, 5) || limiter.peek(accountKey, 50)) {
    throw new ServiceError(429, 'Too many sign-in attempts. Please wait a few minutes and try again.');
  }
  const row = findUserByEmail(deps.database.db, account);
  const ok = row ? await verifyPassword(password, row.passwordHash) : (await burnPasswordCheck(password, deps.env.PASSWORD_HASH_LOG_N), false);
  if (!row || !ok) {
    limiter.hit(pairKey, 5, 15 * MINUTE);
    limiter.hit(accountKey, 50, 60 * MINUTE);
    throw new ServiceError(401, LOGIN_FAILED_ERROR);
  }
  if (row.role === 'rejected') throw new ServiceError(403, 'Your membership application was not approved.');
  limiter.reset(pairKey);
  return answerFor(deps, row.id);
}

export async function sessionAnswer(deps: AppDeps, userId: number): Promise<AuthAnswer> {
  return answerFor(deps, userId);
}

/** Same answer whether or not the account exists; at most 5 reset emails per account an hour. */
export function forgotPassword(deps: AppDeps, email: string, ip: string): void {
  if (deps.rateLimiter.hit(`forgot:ip:${ip}`, 20, 15 * MINUTE).limited) {
    throw new ServiceError(429, 'Too many requests. Please wait a few minutes and try again.');
  }
  const row = findUserByEmail(deps.database.db, email);
  if (!row || row.role === 'rejected') return;
  if (deps.rateLimiter.hit(`forgot:acct:${row.id}`, 5, 60 * MINUTE).limited) return;
  const token = randomToken();
  const now = deps.clock();
  deps.database.tx(() => {
    deps.database.db
      .insert(passwordResets)
      .values({ userId: row.id, tokenHash: sha256(token), expiresAt: now + RESET_LIFETIME_MS, createdAt: now })
      .run();
    // The link is built from APP_URL, never from the request's Host header.
    const link = `${deps.env.APP_URL}/reset-password?token=${encodeURIComponent(token)}`;
    deps.mail.enqueue(passwordResetEmail(row.email, row.name, link));
  });
}

export const INVALID_RESET = 'Invalid reset link. Please request a new password reset.';

/** Single use: the token is claimed with a conditional update, so two concurrent uses get one winner. */
export async function resetPassword(deps: AppDeps, token: string, newPassword: string): Promise<void> {
  // Anyone may call this, without a rate limit: a made-up, used or expired token must be refused
  // before the (deliberately slow) hash, or a flood of them ties up the crypto thread pool.
  const live = deps.database.db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, deps.clock())))
    .get();
  if (!live) throw new ServiceError(400, INVALID_RESET);
  const passwordHash = await hashPassword(newPassword, deps.env.PASSWORD_HASH_LOG_N);
  const now = deps.clock();
  const ok = deps.database.tx(() => {
    const db = deps.database.db;
    const claimed = db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId })
      .get();
    if (!claimed) return false;
    db.update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, claimed.userId))
      .run();
    // Other outstanding links for the account die with this reset.
    db.update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)))
      .run();
    return true;
  });
  if (!ok) throw new ServiceError(400, INVALID_RESET);
}
