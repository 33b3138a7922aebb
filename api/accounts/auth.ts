import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { clubName } from '../club/identity/identity';
import { acceptedCurrentCharter } from '../club/pages/charter';
import { clubToday } from '../../domain/clock';
import { removeAllDevices } from '../messaging/notifications';
import type { AppDeps } from '../platform/context';
import { isUniqueViolation } from '../../db/errors';
import { passkeys, passwordResets, users } from '../../db/schema';
import {
  ACCOUNT_NOT_FOUND_ERROR,
  accountSignInWaitMessage,
  APPLICATIONS_TODAY_ERROR,
  DUPLICATE_EMAIL_ERROR,
  INVALID_RESET_ERROR,
  LOGIN_FAILED_ERROR,
  NOT_APPROVED_ERROR,
  SIGN_IN_ATTEMPTS_ERROR,
  SIGN_UPS_FOR_EMAIL_ERROR,
  SIGN_UPS_FROM_NETWORK_ERROR,
  type AuthAnswer,
  type RegisterInput,
} from '../../domain/contract/members/auth';
import { ServiceError } from '../platform/errors';
import { passwordResetEmail } from '../messaging/mail-templates';
import { checkPassword, hashPassword } from '../../db/passwords';
import { randomToken, sha256, signSessionToken } from '../platform/tokens';
import { findUserByEmail, findUserById, normaliseEmail, sessionUserOf } from '../platform/users';
import { clubTimeZone } from '../platform/club-time-zone';
import { TOO_MANY_REQUESTS_ERROR } from '../../domain/contract/common';

const RESET_LIFETIME_MS = 60 * 60 * 1000;
const MINUTE = 60_000;

async function answerFor(deps: AppDeps, userId: number): Promise<AuthAnswer> {
  const row = findUserById(deps.database.db, userId);
  if (!row) throw new ServiceError(401, ACCOUNT_NOT_FOUND_ERROR);
  return { user: sessionUserOf(deps, row, acceptedCurrentCharter(deps, row)), token: await signSessionToken(deps.jwtSecret, row.id, row.tokenVersion, { now: deps.clock(), club: deps.hosted?.address }) };
}

/**
 * Sign-in and sign-up limits (README "Sessions and sign-in limits", docs/decisions/0012-rate-limits.md).
 * A campus puts a whole room behind one address, so per address only failures count and sign-ups have
 * a generous ceiling; floods are bounded per email and by the number of new pending accounts a day.
 */
export const LIMITS = {
  /** Failed sign-ins per address (all accounts) in 15 minutes. */
  failuresPerAddress: 30,
  /** Failed sign-ins per address and account in 15 minutes. */
  failuresPerAddressAndAccount: 5,
  /** Sign-ups per address in an hour. */
  registrationsPerAddress: 300,
  /** Sign-up attempts per email in an hour. */
  registrationsPerEmail: 5,
  /** New pending accounts (whole club) in 24 hours. */
  pendingPerDay: 300,
  /** Remember an address that signed in to an account for this long (it skips the account delay). */
  knownAddressMs: 30 * 24 * 60 * MINUTE,
} as const;

/** Per account: 10 free failures, then 1 s, 2 s, 4 s … never more than a minute. */
export const LOGIN_DELAY = { free: 10, baseMs: 1000, maxMs: 60_000, forgetMs: 60 * MINUTE } as const;

const tooMany = (message: string, retryAfterSec: number) =>
  new ServiceError(429, message, undefined, { 'Retry-After': String(Math.max(1, retryAfterSec)) });

/** New accounts are pending until an administrator approves them after payment. */
export async function register(deps: AppDeps, input: RegisterInput, ip: string): Promise<AuthAnswer> {
  const limiter = deps.rateLimiter;
  const email = normaliseEmail(input.email);
  const ipKey = `register:ip:${ip}`;
  if (limiter.hit(ipKey, LIMITS.registrationsPerAddress, 60 * MINUTE).limited) {
    throw tooMany(SIGN_UPS_FROM_NETWORK_ERROR, limiter.retryAfterSec(ipKey));
  }
  const emailKey = `register:email:${sha256(email)}`;
  if (limiter.hit(emailKey, LIMITS.registrationsPerEmail, 60 * MINUTE).limited) {
    throw tooMany(SIGN_UPS_FOR_EMAIL_ERROR, limiter.retryAfterSec(emailKey));
  }
  if (findUserByEmail(deps.database.db, email)) throw new ServiceError(409, DUPLICATE_EMAIL_ERROR);
  // Each pending account costs an administrator a click: a flood of them is bounded club-wide.
  const since = deps.clock() - 24 * 60 * MINUTE;
  const pendingToday = deps.database.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'pending'), gt(users.createdAt, since)))
    .get()!.n;
  if (pendingToday >= LIMITS.pendingPerDay) {
    throw tooMany(APPLICATIONS_TODAY_ERROR, 60 * 60);
  }
  const passwordHash = await hashPassword(input.password, deps.env.PASSWORD_HASH_LOG_N, deps.hosted?.address);
  let id: number;
  try {
    id = deps.database.db
      .insert(users)
      .values({
        email,
        passwordHash,
        name: input.name,
        // Read for the club's country and kept as E.164 by the contract's schema.
        phoneNumber: input.phoneNumber,
        role: 'pending',
        joinDate: clubToday(deps.clock(), clubTimeZone(deps)),
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
 * Only failures count: per address (over all accounts), per address and account, and per account as
 * a growing delay that an address which signed in to the account before does not wait for.
 */
export async function login(deps: AppDeps, email: string, password: string, ip: string): Promise<AuthAnswer> {
  const account = normaliseEmail(email);
  const keys = signInKeys(ip, account);
  refuseLimitedSignIn(deps, keys);
  const row = findUserByEmail(deps.database.db, account);
  const ok = await checkPassword(password, row?.passwordHash, deps.env.PASSWORD_HASH_LOG_N, deps.hosted?.address);
  if (!row || !ok) {
    signInFailed(deps, keys);
    throw new ServiceError(401, LOGIN_FAILED_ERROR);
  }
  if (row.role === 'rejected') throw new ServiceError(403, NOT_APPROVED_ERROR);
  signInSucceeded(deps, keys);
  return answerFor(deps, row.id);
}

const failedAddressKey = (ip: string) => `login:fail-ip:${ip}`;

/** The limiter keys of one address signing in to one account, by password or by passkey alike. */
export interface SignInKeys {
  ipKey: string;
  pairKey: string;
  accountKey: string;
  knownKey: string;
}

export function signInKeys(ip: string, account: string): SignInKeys {
  // A digest, not the email as typed: the keys live for up to an hour and the email can be ~100 KB.
  const accountTag = sha256(normaliseEmail(account));
  return {
    ipKey: failedAddressKey(ip),
    pairKey: `login:fail:${ip}:${accountTag}`,
    accountKey: `login:acct:${accountTag}`,
    knownKey: `login:known:${ip}:${accountTag}`,
  };
}

/** 429 when this address has failed too often, whichever account it tries (checked before the account is known). */
export function refuseBusyAddress(deps: AppDeps, ip: string): void {
  const ipKey = failedAddressKey(ip);
  if (deps.rateLimiter.peek(ipKey, LIMITS.failuresPerAddress)) {
    throw tooMany(SIGN_IN_ATTEMPTS_ERROR, deps.rateLimiter.retryAfterSec(ipKey));
  }
}

/** 429 when the address, the address on this account, or the account itself must wait. */
export function refuseLimitedSignIn(deps: AppDeps, keys: SignInKeys): void {
  const limiter = deps.rateLimiter;
  if (limiter.peek(keys.ipKey, LIMITS.failuresPerAddress) || limiter.peek(keys.pairKey, LIMITS.failuresPerAddressAndAccount)) {
    const wait = Math.max(limiter.retryAfterSec(keys.ipKey), limiter.retryAfterSec(keys.pairKey));
    throw tooMany(SIGN_IN_ATTEMPTS_ERROR, wait);
  }
  const known = limiter.peek(keys.knownKey, 1);
  const waitMs = known ? 0 : deps.loginDelay.waitMs(keys.accountKey);
  if (waitMs > 0) {
    const sec = Math.ceil(waitMs / 1000);
    throw tooMany(accountSignInWaitMessage(sec), sec);
  }
}

/** A failed sign-in to a known account (or to a name that is none): every counter moves. */
export function signInFailed(deps: AppDeps, keys: SignInKeys): void {
  deps.rateLimiter.hit(keys.ipKey, LIMITS.failuresPerAddress, 15 * MINUTE);
  deps.rateLimiter.hit(keys.pairKey, LIMITS.failuresPerAddressAndAccount, 15 * MINUTE);
  deps.loginDelay.fail(keys.accountKey);
}

/** A failure that names no account (a passkey the club does not know): it counts for the address. */
export function addressFailed(deps: AppDeps, ip: string): void {
  deps.rateLimiter.hit(failedAddressKey(ip), LIMITS.failuresPerAddress, 15 * MINUTE);
}

export function signInSucceeded(deps: AppDeps, keys: SignInKeys): void {
  const limiter = deps.rateLimiter;
  limiter.reset(keys.pairKey);
  deps.loginDelay.reset(keys.accountKey);
  limiter.reset(keys.knownKey);
  limiter.hit(keys.knownKey, 1, LIMITS.knownAddressMs);
}

/** Ends every session of the account: tokens carry the version, so all issued so far stop working. */
export function logout(deps: AppDeps, userId: number): void {
  deps.database.tx(() => {
    deps.database.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId))
      .run();
    // Every device is signed out, so none keeps showing this member's notifications (a shared phone).
    removeAllDevices(deps, userId);
  });
}

export async function sessionAnswer(deps: AppDeps, userId: number): Promise<AuthAnswer> {
  return answerFor(deps, userId);
}

/** Same answer whether or not the account exists; at most 5 reset emails per account an hour. */
/**
 * The names of a member's passkeys, oldest first, for the password-reset email. Read here, not from
 * passkeys/, which builds its sign-in on this room's limits and answers (rooms never import each other).
 */
function passkeyNames(deps: AppDeps, userId: number): string[] {
  return deps.database.db
    .select({ name: passkeys.name })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
    .all()
    .map((r) => r.name);
}

export function forgotPassword(deps: AppDeps, email: string, ip: string): void {
  const perAddress = deps.rateLimiter.hit(`forgot:ip:${ip}`, 20, 15 * MINUTE);
  if (perAddress.limited) throw tooMany(TOO_MANY_REQUESTS_ERROR, perAddress.retryAfterSec);
  const row = findUserByEmail(deps.database.db, email);
  if (!row || row.role === 'rejected') return;
  if (deps.rateLimiter.hit(`forgot:acct:${row.id}`, 5, 60 * MINUTE).limited) return;
  deps.database.tx(() => {
    const link = issuePasswordLink(deps, row.id, RESET_LIFETIME_MS);
    deps.messageQueue.enqueue(passwordResetEmail(clubName(deps), row.email, row.name, link, passkeyNames(deps, row.id)));
  });
}

/**
 * A single-use link to set the account's password, alive for `lifetimeMs`: the password-reset link,
 * and the invitation of a member imported from a spreadsheet (`invite` only changes the page's
 * wording). Runs inside the caller's transaction, beside the email that carries the link.
 */
export function issuePasswordLink(deps: AppDeps, userId: number, lifetimeMs: number, invite = false): string {
  const token = randomToken();
  const now = deps.clock();
  deps.database.db
    .insert(passwordResets)
    .values({ userId, tokenHash: sha256(token), expiresAt: now + lifetimeMs, createdAt: now })
    .run();
  // The link is built from APP_URL, never from the request's Host header.
  return `${deps.env.APP_URL}/reset-password?token=${encodeURIComponent(token)}${invite ? '&invite=1' : ''}`;
}


/**
 * Whether a reset link still works (unused, unexpired), without using it up: the reset page asks when
 * it opens, so a used link says so at once instead of after the new password is typed twice. Limited
 * per address like the other unauthenticated auth routes (the token itself is 256 random bits).
 */
export function checkResetToken(deps: AppDeps, token: string, ip: string): boolean {
  const perAddress = deps.rateLimiter.hit(`reset-check:ip:${ip}`, 60, 15 * MINUTE);
  if (perAddress.limited) throw tooMany(TOO_MANY_REQUESTS_ERROR, perAddress.retryAfterSec);
  if (!token) return false;
  const live = deps.database.db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, deps.clock())))
    .get();
  return live !== undefined;
}

/** Single use: the token is claimed with a conditional update, so two concurrent uses get one winner. */
export async function resetPassword(deps: AppDeps, token: string, newPassword: string): Promise<void> {
  // Anyone may call this, without a rate limit: a made-up, used or expired token must be refused
  // before the (deliberately slow) hash, or a flood of them ties up the crypto thread pool.
  const live = deps.database.db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, deps.clock())))
    .get();
  if (!live) throw new ServiceError(400, INVALID_RESET_ERROR);
  const passwordHash = await hashPassword(newPassword, deps.env.PASSWORD_HASH_LOG_N, deps.hosted?.address);
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
    // A reset signs every session out, as logout does, and so drops every device too: whoever had the
    // account (a lost phone, someone who learnt the password) stops getting its notifications.
    removeAllDevices(deps, claimed.userId);
    return true;
  });
  if (!ok) throw new ServiceError(400, INVALID_RESET_ERROR);
}
