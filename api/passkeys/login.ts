// Signing in with a passkey. The answer is the password sign-in's (same token, user and role read
// from the database), and failures count in the same limits, per address and per account.
import { and, eq } from 'drizzle-orm';
import { passkeys, users } from '../../db/schema';
import { NOT_APPROVED_ERROR, type AuthAnswer } from '../../domain/contract/members/auth';
import {
  PASSKEY_CHALLENGE_GONE,
  PASSKEY_LOGIN_FAILED,
  PASSKEY_REQUESTS_LIMIT_ERROR,
  type PasskeyLoginInput,
  type PasskeyRequestOptions,
} from '../../domain/contract/members/passkeys';
import type { AppDeps } from '../platform/context';
import { addressFailed, refuseBusyAddress, refuseLimitedSignIn, sessionAnswer, signInFailed, signInKeys, signInSucceeded } from '../accounts/auth';
import { ServiceError } from '../platform/errors';
import { CHALLENGE_LIFETIME_MS, saveChallenge, takeChallenge } from './challenges';
import { clientData, knownTransports, relyingParty, webauthn } from './webauthn';

/** Sign-in pages open often (each visit asks for a challenge), but one address may not flood the table. */
const OPTIONS_PER_ADDRESS = { limit: 120, windowMs: 15 * 60_000 };

export async function loginOptions(deps: AppDeps, ip: string): Promise<PasskeyRequestOptions> {
  const { rpID } = relyingParty(deps);
  const hit = deps.rateLimiter.hit(`passkey-options:ip:${ip}`, OPTIONS_PER_ADDRESS.limit, OPTIONS_PER_ADDRESS.windowMs);
  if (hit.limited) {
    throw new ServiceError(429, PASSKEY_REQUESTS_LIMIT_ERROR, undefined, {
      'Retry-After': String(Math.max(1, hit.retryAfterSec)),
    });
  }
  const { generateAuthenticationOptions } = await webauthn();
  // No allowCredentials: the browser offers the passkeys it holds for the club, so no email is needed
  // first and nothing tells a stranger whether an address has passkeys.
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'required', timeout: CHALLENGE_LIFETIME_MS });
  saveChallenge(deps, options.challenge, 'login', null);
  return options satisfies PasskeyRequestOptions;
}

export async function passkeyLogin(deps: AppDeps, input: PasskeyLoginInput, ip: string): Promise<AuthAnswer> {
  const { rpID, origin } = relyingParty(deps);
  refuseBusyAddress(deps, ip);
  const { response } = input;
  const data = clientData(response.response.clientDataJSON);
  if (!data || !takeChallenge(deps, data.challenge, 'login', null)) {
    addressFailed(deps, ip);
    throw new ServiceError(400, PASSKEY_CHALLENGE_GONE);
  }
  const { db } = deps.database;
  const found = db
    .select({ passkey: passkeys, email: users.email, role: users.role })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, response.id))
    .get();
  if (!found) {
    // Removed since, or never the club's: nothing names an account, so only the address counts.
    addressFailed(deps, ip);
    throw new ServiceError(401, PASSKEY_LOGIN_FAILED);
  }
  const { passkey } = found;
  const keys = signInKeys(ip, found.email);
  refuseLimitedSignIn(deps, keys);
  const refuse = (reason: string): never => {
    signInFailed(deps, keys);
    deps.logger.info({ passkeyId: passkey.id, reason }, 'passkey sign-in refused');
    throw new ServiceError(401, PASSKEY_LOGIN_FAILED);
  };
  // The authenticator says whose passkey it holds: it must be the account the credential belongs to.
  if (response.response.userHandle !== undefined && response.response.userHandle !== passkey.userHandle) refuse('user handle');
  if (data.crossOrigin) refuse('cross-origin');
  const { verifyAuthenticationResponse } = await webauthn();
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: {
        id: response.id,
        rawId: response.rawId,
        type: response.type,
        response: {
          clientDataJSON: response.response.clientDataJSON,
          authenticatorData: response.response.authenticatorData,
          signature: response.response.signature,
          userHandle: response.response.userHandle,
        },
        clientExtensionResults: {},
      },
      expectedChallenge: data.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        // Authenticators that keep a signature counter must show a higher one each time: a lower or
        // equal one means a copied key (the library refuses it). Synced passkeys keep 0.
        counter: passkey.counter,
        transports: knownTransports(JSON.parse(passkey.transports ?? '[]')),
      },
      requireUserVerification: true,
    });
  } catch (err) {
    return refuse(err instanceof Error ? err.message : String(err));
  }
  if (!verification.verified) refuse('signature');
  if (found.role === 'rejected') throw new ServiceError(403, NOT_APPROVED_ERROR);
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  // Only from the counter this check read: of two sign-ins racing with one counter value, one wins.
  const moved = db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: deps.clock(), backedUp: credentialBackedUp })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .run().changes;
  if (moved === 0 && newCounter > 0) refuse('counter raced');
  signInSucceeded(deps, keys);
  return sessionAnswer(deps, passkey.userId);
}
