import { randomBytes, createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SignJWT, jwtVerify } from 'jose';

export const TOKEN_ISSUER = 'club-app';
export const TOKEN_AUDIENCE = 'club-app-web';
export const TOKEN_LIFETIME = '7d';

export interface TokenClaims {
  sub: string;
  ver: number;
}

export async function signSessionToken(secret: Uint8Array, userId: number, version: number): Promise<string> {
  return new SignJWT({ ver: version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(TOKEN_LIFETIME)
    .sign(secret);
}

/** Returns the claims, or null for any token that is not ours, altered, expired or incomplete. */
export async function verifySessionToken(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    if (!payload.sub || !/^\d+$/.test(payload.sub) || typeof payload.ver !== 'number') return null;
    return { sub: payload.sub, ver: payload.ver };
  } catch {
    return null;
  }
}

/**
 * JWT_SECRET from the environment (32+ bytes), or a random one generated once and kept beside the
 * database. Production refuses a weak secret (DESIGN.md §5).
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
