import { randomBytes, createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SignJWT, jwtVerify } from 'jose';

export const TOKEN_ISSUER = 'club-app';
export const TOKEN_AUDIENCE = 'club-app-web';
/**
 * Session lengths (docs/decisions/0010-sessions.md). A token lives IDLE_DAYS; any signed-in request
 * past half that life gets a fresh one (header SESSION_TOKEN_HEADER), so a member who opens the app
 * every few weeks stays in. A session never outlives ABSOLUTE_DAYS after the password was typed.
 */
export const SESSION_IDLE_DAYS = 30;
export const SESSION_ABSOLUTE_DAYS = 240;
/** Clocks of two machines disagree a little: an `iat` this far ahead is still taken. */
export const CLOCK_SKEW_SEC = 60;
export const SESSION_TOKEN_HEADER = 'X-Session-Token';
const DAY_SEC = 24 * 60 * 60;

export interface TokenClaims {
  sub: string;
  ver: number;
  /** Issued at and expiry (epoch seconds). */
  iat: number;
  exp: number;
  /** When the password was typed (epoch seconds); renewals carry it unchanged. */
  auth: number;
  /** The club's address the token was signed for (multi-club mode); absent on a single club's. */
  club?: string;
}

/**
 * Which club a token must belong to, when one deployment serves many: its address, and whether a token
 * signed before the club had an address (the single club adopted as the first one) is still taken.
 */
export interface TokenClub {
  address: string;
  takesUnmarked: boolean;
}

export interface SignOptions {
  /** Epoch ms; the app's clock. */
  now?: number;
  /** Epoch seconds of the sign-in this token continues (renewal); default: now. */
  authTime?: number;
  /** The club it is signed for (multi-club mode). */
  club?: string;
}

export async function signSessionToken(
  secret: Uint8Array,
  userId: number,
  version: number,
  options: SignOptions = {},
): Promise<string> {
  const nowSec = Math.floor((options.now ?? Date.now()) / 1000);
  const auth = options.authTime ?? nowSec;
  const exp = Math.min(nowSec + SESSION_IDLE_DAYS * DAY_SEC, auth + SESSION_ABSOLUTE_DAYS * DAY_SEC);
  return new SignJWT(options.club === undefined ? { ver: version, auth } : { ver: version, auth, club: options.club })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(nowSec)
    .setExpirationTime(exp)
    .sign(secret);
}

/**
 * Returns the claims, or null for any token that is not ours, altered, expired or incomplete, issued
 * in the future, or older than the absolute limit (whatever its `exp` says).
 */
export async function verifySessionToken(
  secret: Uint8Array,
  token: string,
  now: number = Date.now(),
  club?: TokenClub,
): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub'],
      currentDate: new Date(now),
    });
    if (!payload.sub || !/^\d+$/.test(payload.sub) || typeof payload.ver !== 'number') return null;
    const nowSec = Math.floor(now / 1000);
    const iat = payload.iat!;
    const auth = payload.auth === undefined ? iat : payload.auth;
    if (typeof auth !== 'number' || !Number.isFinite(auth) || auth > iat) return null;
    if (iat > nowSec + CLOCK_SKEW_SEC) return null;
    if (nowSec - auth > SESSION_ABSOLUTE_DAYS * DAY_SEC) return null;
    // A token of another club is refused even were the secrets ever shared: the club it names must be
    // this one, and a token naming a club is never taken where no club is named.
    const claimed = typeof payload.club === 'string' ? payload.club : undefined;
    if (payload.club !== undefined && claimed === undefined) return null;
    if (club ? (claimed === undefined ? !club.takesUnmarked : claimed !== club.address) : claimed !== undefined) return null;
    return { sub: payload.sub, ver: payload.ver, iat, exp: payload.exp!, auth, ...(claimed === undefined ? {} : { club: claimed }) };
  } catch {
    return null;
  }
}

/** A token past half its life gets a successor, unless the absolute limit leaves nothing to add. */
export function needsRenewal(claims: TokenClaims, now: number): boolean {
  const nowSec = Math.floor(now / 1000);
  const halfLife = (claims.exp - claims.iat) / 2;
  const canExtend = claims.auth + SESSION_ABSOLUTE_DAYS * DAY_SEC > claims.exp;
  return canExtend && nowSec - claims.iat >= halfLife;
}

/**
 * JWT_SECRET from the environment (32+ bytes), or a random one generated once and kept beside the
 * database. Production refuses a weak secret: whoever guesses it can sign in as anyone.
 */
export function resolveJwtSecret(envSecret: string | undefined, databasePath: string, production: boolean): Uint8Array {
  if (envSecret !== undefined) {
    if (Buffer.byteLength(envSecret) < 32) {
      if (production) throw new Error('JWT_SECRET must be at least 32 bytes in production');
      console.warn('JWT_SECRET is shorter than 32 bytes: fine for a demo, refused in production');
    }
    return new TextEncoder().encode(envSecret);
  }
  if (databasePath === ':memory:') return randomBytes(32);
  const file = join(dirname(databasePath), 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
