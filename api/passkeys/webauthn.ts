// The WebAuthn library (attestation and signature checks) with the relying party this server is.
// It is imported on the first passkey request, not at start: it brings an X.509 and ASN.1 stack
// that most starts of the app never need.
import type * as SimpleWebAuthn from '@simplewebauthn/server';
import type { AppDeps } from '../platform/context';
import { PASSKEYS_OFF } from '../../domain/contract/members/passkeys';
import { ServiceError } from '../platform/errors';

type Library = typeof SimpleWebAuthn;
let library: Promise<Library> | null = null;

export function webauthn(): Promise<Library> {
  library ??= import('@simplewebauthn/server');
  return library;
}

/** The relying party (from APP_URL, checked at start), or 404 when this server has passkeys off. */
export function relyingParty(deps: AppDeps): { rpID: string; origin: string } {
  const settings = deps.env.PASSKEYS;
  if (!settings.enabled) throw new ServiceError(404, PASSKEYS_OFF);
  return { rpID: settings.rpID, origin: settings.origin };
}

/** COSE algorithms a new passkey may use: EdDSA, ES256 (P-256) and RS256, what authenticators make. */
export const PASSKEY_ALGORITHMS = [-8, -7, -257];

/**
 * The challenge and origin data the browser signed (clientDataJSON), read before the library checks
 * anything: the challenge says which stored request this answers. Null when it is not readable.
 */
export function clientData(clientDataJSON: string): { challenge: string; crossOrigin: boolean } | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { challenge, crossOrigin } = parsed as { challenge?: unknown; crossOrigin?: unknown };
    if (typeof challenge !== 'string' || !/^[A-Za-z0-9_-]{16,200}$/.test(challenge)) return null;
    return { challenge, crossOrigin: crossOrigin === true };
  } catch {
    return null;
  }
}

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
export type Transport = (typeof TRANSPORTS)[number];

/** The transports the library knows, from what the browser reported or what was stored. */
export function knownTransports(values: readonly string[] | null | undefined): Transport[] {
  return (values ?? []).filter((t): t is Transport => (TRANSPORTS as readonly string[]).includes(t));
}
