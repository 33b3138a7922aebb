// A passkey authenticator in software, for the server's tests of the WebAuthn ceremonies: it makes
// the attestation object (format "none") and the assertion signatures itself, with node:crypto and
// the small CBOR encoder below, so the tests check the server against bytes it did not make.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { PasskeyCreationOptions, PasskeyRequestOptions } from '../../domain/contract/members/passkeys';

// ---------- CBOR (RFC 8949), the parts WebAuthn uses ----------

export type CborValue = number | string | Uint8Array | CborValue[] | Map<number | string, CborValue>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(length, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

export function cbor(value: CborValue): Buffer {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error('only integers');
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

// ---------- The authenticator ----------

const FLAG = { userPresent: 0x01, userVerified: 0x04, backupEligible: 0x08, backedUp: 0x10, attestedData: 0x40 } as const;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

export interface AuthenticatorOptions {
  /** ES256 (P-256, the usual passkey) or RS256 (Windows Hello, some security keys). */
  alg?: 'ES256' | 'RS256';
  /** Keeps a signature counter that rises with each use (a security key); false: always 0 (a synced passkey). */
  counter?: boolean;
  /** A synced passkey says it is backed up. */
  synced?: boolean;
}

/** What the browser would have put around the authenticator's answer; tests bend one at a time. */
export interface CeremonyOverrides {
  origin?: string;
  rpId?: string;
  challenge?: string;
  type?: string;
  crossOrigin?: boolean;
  userVerified?: boolean;
  /** The counter to sign with instead of the next one. */
  counter?: number;
  /** The user handle to claim instead of the stored one (null: none). */
  userHandle?: string | null;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  readonly alg: 'ES256' | 'RS256';
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private signCount = 0;
  private readonly keepsCounter: boolean;
  private readonly synced: boolean;
  /** The WebAuthn user id the relying party gave at creation (base64url). */
  userHandle: string | null = null;

  constructor(options: AuthenticatorOptions = {}) {
    this.alg = options.alg ?? 'ES256';
    this.keepsCounter = options.counter ?? false;
    this.synced = options.synced ?? !this.keepsCounter;
    const pair =
      this.alg === 'ES256' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The public key in COSE form (RFC 9053), as it goes into the attested credential data. */
  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const raw = (v: string | undefined) => Buffer.from(v!, 'base64url');
    if (this.alg === 'ES256') {
      return cbor(
        new Map<number, CborValue>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, raw(jwk.x)],
          [-3, raw(jwk.y)],
        ]),
      );
    }
    return cbor(
      new Map<number, CborValue>([
        [1, 3], // kty: RSA
        [3, -257], // alg: RS256
        [-1, raw(jwk.n)],
        [-2, raw(jwk.e)],
      ]),
    );
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private flags(o: CeremonyOverrides): number {
    let flags = FLAG.userPresent;
    if (o.userVerified ?? true) flags |= FLAG.userVerified;
    if (this.synced) flags |= FLAG.backupEligible | FLAG.backedUp;
    return flags;
  }

  private clientDataJSON(type: string, challenge: string, origin: string, o: CeremonyOverrides): Buffer {
    return Buffer.from(JSON.stringify({ type: o.type ?? type, challenge: o.challenge ?? challenge, origin: o.origin ?? origin, crossOrigin: o.crossOrigin ?? false }));
  }

  private nextCounter(o: CeremonyOverrides): number {
    if (o.counter !== undefined) return o.counter;
    if (!this.keepsCounter) return 0;
    this.signCount += 1;
    return this.signCount;
  }

  /** navigator.credentials.create() as the browser would answer it (RegistrationResponseJSON). */
  create(options: PasskeyCreationOptions, origin: string, o: CeremonyOverrides = {}) {
    const rpId = o.rpId ?? options.rp.id ?? new URL(origin).hostname;
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16) /* AAGUID: none */, idLength, this.credentialId, this.coseKey()]);
    const authData = this.authenticatorData(rpId, this.flags(o) | FLAG.attestedData, this.nextCounter(o), attested);
    const attestationObject = cbor(
      new Map<string, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientDataJSON('webauthn.create', options.challenge, origin, o)),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() as the browser would answer it (AuthenticationResponseJSON). */
  get(options: PasskeyRequestOptions, origin: string, o: CeremonyOverrides = {}) {
    const rpId = o.rpId ?? options.rpId ?? new URL(origin).hostname;
    const authData = this.authenticatorData(rpId, this.flags(o), this.nextCounter(o));
    const clientData = this.clientDataJSON('webauthn.get', options.challenge, origin, o);
    // ES256 signatures are DER-encoded (node's default for EC keys); RS256 is PKCS #1 v1.5.
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    const userHandle = o.userHandle === undefined ? this.userHandle : o.userHandle;
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(userHandle ? { userHandle } : {}),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
