import { randomBytes, timingSafeEqual } from 'node:crypto';
import { deriveInPool } from './threads/password-pool';

// PHC-style string: $scrypt$ln=17,r=8,p=1$<salt b64>$<hash b64>. Parameters travel with the hash, so
// the cost can be raised later without breaking stored passwords. The work runs in the password
// pool's own threads (threads/password-pool.ts), never on libuv's shared pool.
const KEY_LENGTH = 32;
const PHC = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([^$]+)\$([^$]+)$/;

// `club`: the address of the club asking, on a host of many clubs (its share of the pool); none alone.
function derive(password: string, salt: Buffer, logN: number, r: number, p: number, club?: string): Promise<Buffer> {
  return deriveInPool({ password, salt: new Uint8Array(salt), logN, r, p, keyLength: KEY_LENGTH }, club);
}

export async function hashPassword(password: string, logN = 17, club?: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, logN, 8, 1, club);
  return `$scrypt$ln=${logN},r=8,p=1$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string, club?: string): Promise<boolean> {
  const m = PHC.exec(stored);
  if (!m) return false;
  const [, ln, r, p, salt, hash] = m;
  const expected = Buffer.from(hash!, 'base64');
  const key = await derive(password, Buffer.from(salt!, 'base64'), Number(ln), Number(r), Number(p), club);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against what an account stores, spending one derivation whatever it stores: an
 * unknown email (`undefined`) or an account with no password yet (invited, passkey-only) takes as
 * long as a wrong password, so timing does not tell which addresses have accounts or passwords.
 */
export async function checkPassword(password: string, stored: string | undefined, logN: number, club?: string): Promise<boolean> {
  if (stored !== undefined && PHC.test(stored)) return verifyPassword(password, stored, club);
  dummyHash ??= hashPassword('not-a-real-password', logN);
  await verifyPassword(password, await dummyHash, club);
  return false;
}
