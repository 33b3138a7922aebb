import { z } from 'zod';
import { deviceNameMessage, isSafeDeviceName } from '../common';

// Passkeys (WebAuthn): what the API takes and answers to add, list, rename and remove a member's
// passkeys, and to sign in with one. The ceremony's option and response objects follow the WebAuthn
// JSON forms (PublicKeyCredentialCreationOptionsJSON and friends) that the browser and server
// libraries read and write; only the fields the club uses are named here.

/** A member may keep this many passkeys (phones, laptops, security keys). */
export const PASSKEYS_PER_MEMBER = 20;
export const PASSKEY_NAME_MAX = 60;
/** After this long from the sign-in, adding a passkey asks for the password again. */
export const PASSKEY_RECENT_SIGN_IN_MINUTES = 5;

export const PASSKEY_NAME_MESSAGE = deviceNameMessage('The passkey name');
export const PASSKEY_PASSWORD_REQUIRED = 'Enter your password again to add a passkey.';
export const PASSKEY_WRONG_PASSWORD = 'That password is not right. Please try again.';
export const PASSKEY_LOGIN_FAILED = 'That passkey could not sign you in. Try again, or sign in with your password.';
export const PASSKEY_CHALLENGE_GONE = 'This passkey request has expired or was already used. Please try again.';
export const PASSKEYS_OFF = 'Passkeys are turned off on this server. Sign in with your password.';
export const PASSKEY_ADD_FAILED = 'The passkey could not be added. Please try again.';
export const TOO_MANY_PASSKEYS = `You already have ${PASSKEYS_PER_MEMBER} passkeys. Remove one you no longer use first.`;
export const PASSKEY_ALREADY_REGISTERED = 'This passkey is already registered.';
export const PASSKEY_NOT_FOUND = 'Passkey not found';
export const PASSKEY_REQUESTS_LIMIT_ERROR = 'Too many passkey requests. Please wait a few minutes and try again.';

export type Base64Url = string;

export interface PasskeyCredentialDescriptor {
  id: Base64Url;
  /** 'public-key'; typed as the WebAuthn JSON forms type it. */
  type: string;
  /** 'internal', 'hybrid', 'usb'…, as the browser reported them. */
  transports?: string[];
}

type Requirement = 'discouraged' | 'preferred' | 'required';

/** POST /passkeys/options: what navigator.credentials.create() is asked (as JSON). */
export interface PasskeyCreationOptions {
  rp: { name: string; id?: string };
  user: { id: Base64Url; name: string; displayName: string };
  challenge: Base64Url;
  pubKeyCredParams: { alg: number; type: 'public-key' }[];
  timeout?: number;
  excludeCredentials?: PasskeyCredentialDescriptor[];
  authenticatorSelection?: {
    authenticatorAttachment?: 'platform' | 'cross-platform';
    requireResidentKey?: boolean;
    residentKey?: Requirement;
    userVerification?: Requirement;
  };
  attestation?: 'direct' | 'enterprise' | 'indirect' | 'none';
}

/** POST /auth/passkey/options: what navigator.credentials.get() is asked (as JSON). */
export interface PasskeyRequestOptions {
  challenge: Base64Url;
  timeout?: number;
  rpId?: string;
  allowCredentials?: PasskeyCredentialDescriptor[];
  userVerification?: Requirement;
}

/** One of a member's passkeys as the profile lists it (times in epoch ms). */
export interface PasskeyInfo {
  id: number;
  name: string;
  createdAt: number;
  /** Null until it has signed in once. */
  lastUsedAt: number | null;
  /** True when the passkey syncs between the member's devices (iCloud Keychain, Google Password Manager). */
  synced: boolean;
}

export interface PasskeysAnswer {
  passkeys: PasskeyInfo[];
}
export interface PasskeyAnswer {
  passkey: PasskeyInfo;
}
export interface PasskeyCreationOptionsAnswer {
  options: PasskeyCreationOptions;
}
export interface PasskeyRequestOptionsAnswer {
  options: PasskeyRequestOptions;
}
/** DELETE /admin/members/:id/passkeys. */
export interface PasskeysRemovedAnswer {
  message: string;
  removed: number;
}

// ---------- Request schemas ----------

const MALFORMED = 'The passkey answer from the browser is not complete. Please try again.';

/** Base64url without padding, as WebAuthn's JSON forms carry bytes. */
const bytes = (max: number) => z.string(MALFORMED).min(1, MALFORMED).max(max, MALFORMED).regex(/^[A-Za-z0-9_-]+$/, MALFORMED);

const clientFields = {
  // Credential ids are at most 1023 bytes (WebAuthn §5.1).
  id: bytes(1400),
  rawId: bytes(1400),
  type: z.literal('public-key', MALFORMED),
  authenticatorAttachment: z.string().max(20).optional(),
  // The club asks for no extensions; whatever the browser reports is not read.
  clientExtensionResults: z.unknown().optional(),
};

/** The passkey's display name: trimmed; empty means "name it after the device". */
export const passkeyNameSchema = z
  .string(MALFORMED)
  .optional()
  .transform((v) => (v ?? '').trim())
  .refine((v) => v.length <= PASSKEY_NAME_MAX, { error: `A passkey name has at most ${PASSKEY_NAME_MAX} characters` })
  .refine(isSafeDeviceName, { error: PASSKEY_NAME_MESSAGE });

/** POST /passkeys/options: the password, needed when the sign-in is older than a few minutes. */
export const passkeyOptionsSchema = z.object({ password: z.string().max(200, 'Password is too long').optional() });

/** What a member gives to add a passkey (the profile's form): its name and, when the server asks, the password. */
export const newPasskeySchema = z.object({ name: passkeyNameSchema, password: passkeyOptionsSchema.shape.password });

/** POST /passkeys: the browser's answer to navigator.credentials.create() (RegistrationResponseJSON). */
export const addPasskeySchema = z.object({
  name: passkeyNameSchema,
  response: z.object(
    {
      ...clientFields,
      response: z.object(
        {
          clientDataJSON: bytes(4096),
          attestationObject: bytes(48_000),
          transports: z.array(z.string().max(20)).max(10).optional(),
        },
        MALFORMED,
      ),
    },
    MALFORMED,
  ),
});

/** PUT /passkeys/:id. */
export const renamePasskeySchema = z.object({
  name: passkeyNameSchema.refine((v) => v !== '', { error: 'Please give the passkey a name' }),
});

/** POST /auth/passkey/login: the browser's answer to navigator.credentials.get() (AuthenticationResponseJSON). */
export const passkeyLoginSchema = z.object({
  response: z.object(
    {
      ...clientFields,
      response: z.object(
        {
          clientDataJSON: bytes(4096),
          authenticatorData: bytes(4096),
          signature: bytes(2048),
          // Discoverable credentials carry the account's WebAuthn user id (at most 64 bytes).
          userHandle: bytes(100).optional(),
        },
        MALFORMED,
      ),
    },
    MALFORMED,
  ),
});

export type AddPasskeyInput = z.output<typeof addPasskeySchema>;
export type PasskeyLoginInput = z.output<typeof passkeyLoginSchema>;

// ---------- Names ----------

// Most specific first: an iPad's Safari may say "Macintosh", Android says "Linux" too.
const DEVICES: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/SM-[A-Z]\d+|Samsung/i, 'Samsung Galaxy'],
  [/Android/, 'Android phone'],
  [/CrOS/, 'Chromebook'],
  [/Windows/, 'Windows PC'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Linux/, 'Linux computer'],
];

/** The name a new passkey gets when the member gives none: the device it was made on ("iPhone", "Pixel"…). */
export function passkeyNameFor(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const pixel = /Pixel \d+\w*(?: (?:Pro|XL|a|Fold))*/.exec(ua)?.[0];
  if (pixel) return pixel;
  return DEVICES.find(([re]) => re.test(ua))?.[1] ?? 'Passkey';
}
