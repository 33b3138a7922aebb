// Adding a passkey to the signed-in member's account: the options the browser creates it with, then
// the check of what the authenticator made. Only a recent sign-in, or the password typed again, may
// add one: a phone left unlocked and signed in should not let someone else plant a key.
import { clubName } from '../club/identity/identity';
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { passkeys, type UserRow } from '../../db/schema';
import {
  PASSKEY_ADD_FAILED,
  PASSKEY_ALREADY_REGISTERED,
  PASSKEY_CHALLENGE_GONE,
  PASSKEY_PASSWORD_REQUIRED,
  PASSKEY_RECENT_SIGN_IN_MINUTES,
  PASSKEY_WRONG_PASSWORD,
  passkeyNameFor,
  PASSKEYS_PER_MEMBER,
  TOO_MANY_PASSKEYS,
  type AddPasskeyInput,
  type PasskeyCreationOptions,
  type PasskeyInfo,
} from '../../domain/contract/members/passkeys';
import { verifyPassword } from '../../db/passwords';
import type { AppDeps } from '../platform/context';
import { refuseLimitedSignIn, signInFailed, signInKeys, signInSucceeded } from '../accounts/auth';
import { ServiceError } from '../platform/errors';
import { CHALLENGE_LIFETIME_MS, saveChallenge, takeChallenge } from './challenges';
import { passkeyRowsOf, toPasskeyInfo } from './passkeys';
import { PASSKEY_ALGORITHMS, clientData, knownTransports, relyingParty, webauthn } from './webauthn';

const RECENT_MS = PASSKEY_RECENT_SIGN_IN_MINUTES * 60_000;

function passkeyCount(deps: AppDeps, userId: number): number {
  return deps.database.db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)).get()!.n;
}

/**
 * A sign-in within the last few minutes is enough; after that, the password. A wrong password counts
 * with the sign-in limits of the account, like a failed sign-in.
 */
async function confirmIdentity(deps: AppDeps, user: UserRow, signedInAt: number, password: string | undefined, ip: string): Promise<void> {
  if (!password) {
    if (deps.clock() - signedInAt <= RECENT_MS) return;
    throw new ServiceError(403, PASSKEY_PASSWORD_REQUIRED, { passwordRequired: true });
  }
  const keys = signInKeys(ip, user.email);
  refuseLimitedSignIn(deps, keys);
  if (!(await verifyPassword(password, user.passwordHash, deps.hosted?.address))) {
    signInFailed(deps, keys);
    throw new ServiceError(403, PASSKEY_WRONG_PASSWORD, { passwordRequired: true });
  }
  signInSucceeded(deps, keys);
}

export async function registrationOptions(
  deps: AppDeps,
  user: UserRow,
  signedInAt: number,
  password: string | undefined,
  ip: string,
): Promise<PasskeyCreationOptions> {
  const { rpID } = relyingParty(deps);
  if (passkeyCount(deps, user.id) >= PASSKEYS_PER_MEMBER) throw new ServiceError(409, TOO_MANY_PASSKEYS);
  await confirmIdentity(deps, user, signedInAt, password, ip);
  const existing = passkeyRowsOf(deps, user.id);
  // One WebAuthn user id per member, so a device that already holds one of their passkeys replaces
  // it rather than keeping two for the same account.
  const userHandle = existing[0]?.userHandle ?? randomBytes(32).toString('base64url');
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: clubName(deps),
    rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: Buffer.from(userHandle, 'base64url'),
    timeout: CHALLENGE_LIFETIME_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((r) => ({ id: r.credentialId, transports: knownTransports(JSON.parse(r.transports ?? '[]')) })),
    // Discoverable, so the sign-in page can offer it without an email; verified (Face ID, a
    // fingerprint, the device PIN), because it stands in for the password.
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
  });
  saveChallenge(deps, options.challenge, 'register', { userId: user.id, userHandle });
  return options satisfies PasskeyCreationOptions;
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && String(err.code).startsWith('SQLITE_CONSTRAINT');
}

export async function addPasskey(deps: AppDeps, user: UserRow, input: AddPasskeyInput, userAgent: string | undefined): Promise<PasskeyInfo> {
  const { rpID, origin } = relyingParty(deps);
  const { response } = input;
  const data = clientData(response.response.clientDataJSON);
  if (!data) throw new ServiceError(400, PASSKEY_ADD_FAILED);
  const issued = takeChallenge(deps, data.challenge, 'register', user.id);
  if (!issued?.userHandle) throw new ServiceError(400, PASSKEY_CHALLENGE_GONE);
  // The club's pages are never framed (frame-ancestors 'none'): a cross-origin answer is not ours.
  if (data.crossOrigin) throw new ServiceError(400, PASSKEY_ADD_FAILED);
  const { verifyRegistrationResponse } = await webauthn();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: {
        id: response.id,
        rawId: response.rawId,
        type: response.type,
        response: {
          clientDataJSON: response.response.clientDataJSON,
          attestationObject: response.response.attestationObject,
          transports: knownTransports(response.response.transports),
        },
        clientExtensionResults: {},
      },
      expectedChallenge: data.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
  } catch (err) {
    deps.logger.info({ reason: err instanceof Error ? err.message : String(err) }, 'passkey registration refused');
    throw new ServiceError(400, PASSKEY_ADD_FAILED);
  }
  if (!verification.verified) throw new ServiceError(400, PASSKEY_ADD_FAILED);
  const info = verification.registrationInfo;
  const now = deps.clock();
  try {
    const row = deps.database.tx(() => {
      if (passkeyCount(deps, user.id) >= PASSKEYS_PER_MEMBER) throw new ServiceError(409, TOO_MANY_PASSKEYS);
      return deps.database.db
        .insert(passkeys)
        .values({
          userId: user.id,
          credentialId: info.credential.id,
          publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
          counter: info.credential.counter,
          transports: JSON.stringify(knownTransports(response.response.transports)),
          userHandle: issued.userHandle!,
          name: input.name || passkeyNameFor(userAgent),
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          aaguid: info.aaguid,
          createdAt: now,
        })
        .returning()
        .get();
    });
    return toPasskeyInfo(row);
  } catch (err) {
    // The same authenticator key registered before, to this account or another one.
    if (isUniqueViolation(err)) throw new ServiceError(409, PASSKEY_ALREADY_REGISTERED);
    throw err;
  }
}
