import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import { ACCOUNT_DELETED_ERROR } from '../../../domain/contract/members/privacy';
import { hasRole, ROLE_REQUIRED_ERRORS, type Role } from '../../../domain/contract/roles';
import type { AppEnv, CurrentUser } from '../context';
import { ServiceError } from '../errors';
import { needsRenewal, SESSION_TOKEN_HEADER, signSessionToken, verifySessionToken, type TokenClaims } from '../tokens';
import { findUserById, roleToday } from '../users';
import { NO_TOKEN_ERROR, NOT_APPROVED_ERROR, SESSION_EXPIRED_ERROR } from '../../../domain/contract/members/auth';
import { NO_PERMISSION_ERROR } from '../../../domain/contract/common';

type AuthResult = { user: CurrentUser; claims: TokenClaims } | { status: 401 | 403; error: string } | null;

/** Reads the bearer token and the user behind it from the database (roles are never taken on trust). */
async function authenticate(c: Context<AppEnv>): Promise<AuthResult> {
  const header = c.req.header('authorization');
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (!m) return { status: 401, error: SESSION_EXPIRED_ERROR };
  const { deps } = c.var;
  const claims = await verifySessionToken(deps.jwtSecret, m[1]!, deps.clock(), deps.hosted);
  const row = claims ? findUserById(deps.database.db, Number(claims.sub)) : undefined;
  // A token the server signed for an account that is gone (account numbers are never reused): the
  // app then forgets everything it kept for it, as the device that deleted it did.
  if (claims && !row) return { status: 401, error: ACCOUNT_DELETED_ERROR };
  if (!claims || !row || row.tokenVersion !== claims.ver) {
    return { status: 401, error: SESSION_EXPIRED_ERROR };
  }
  if (row.role === 'rejected') return { status: 403, error: NOT_APPROVED_ERROR };
  return { user: { row, id: row.id, role: roleToday(deps, row) }, claims };
}

/**
 * Sliding renewal: a successful answer to a token past half its life carries a fresh token (same
 * sign-in time, same version), which the PWA stores. Read again after the handler: a logout or a
 * password reset in this very request has changed the version, and then no successor is issued.
 */
async function renewIfDue(c: Context<AppEnv>, claims: TokenClaims): Promise<void> {
  const { deps } = c.var;
  if (c.res.status >= 400 || !needsRenewal(claims, deps.clock())) return;
  const row = findUserById(deps.database.db, Number(claims.sub));
  if (!row || row.tokenVersion !== claims.ver) return;
  const fresh = await signSessionToken(deps.jwtSecret, row.id, row.tokenVersion, { now: deps.clock(), authTime: claims.auth, club: deps.hosted?.address });
  c.res.headers.set(SESSION_TOKEN_HEADER, fresh);
  c.res.headers.set('Cache-Control', 'no-store');
}

export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const result = await authenticate(c);
  if (!result) throw new ServiceError(401, NO_TOKEN_ERROR);
  if ('error' in result) throw new ServiceError(result.status, result.error);
  c.set('user', result.user);
  c.set('signedInAt', result.claims.auth * 1000);
  await next();
  await renewIfDue(c, result.claims);
});

/** Like requireAuth, but a request without a token goes on as a visitor (`maybeUser` null). */
export const optionalAuth = createMiddleware<AppEnv>(async (c, next) => {
  const result = await authenticate(c);
  if (result && 'error' in result) throw new ServiceError(result.status, result.error);
  c.set('maybeUser', result ? result.user : null);
  if (result) c.set('user', result.user);
  await next();
  if (result) await renewIfDue(c, result.claims);
});

/** After requireAuth: the caller's role must be `min` or higher (domain/contract/roles.ts ranks), else 403. */
export function requireRole(min: Role) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!hasRole(c.var.user.role, min)) {
      throw new ServiceError(403, ROLE_REQUIRED_ERRORS[min] ?? NO_PERMISSION_ERROR);
    }
    await next();
  });
}
