import { describe, expect, it } from 'vitest';
import { PASSKEY_NAME_MESSAGE, addPasskeySchema, passkeyNameFor, renamePasskeySchema } from './passkeys';

describe('passkeyNameFor', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1', 'iPhone'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1', 'iPad'],
    ['Mozilla/5.0 (Linux; Android 15; Pixel 9 Pro) AppleWebKit/537.36 Chrome/131.0.0.0 Mobile Safari/537.36', 'Pixel 9 Pro'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8a) AppleWebKit/537.36 Chrome/131.0.0.0 Mobile Safari/537.36', 'Pixel 8a'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 Chrome/131.0.0.0 Mobile Safari/537.36', 'Samsung Galaxy'],
    ['Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 Chrome/131.0.0.0 Mobile Safari/537.36', 'Android phone'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36', 'Windows PC'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.1 Safari/605.1.15', 'Mac'],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36', 'Chromebook'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36', 'Linux computer'],
    ['', 'Passkey'],
    [undefined, 'Passkey'],
  ])('%s → %s', (ua, name) => {
    expect(passkeyNameFor(ua)).toBe(name);
  });
});

describe('the passkey request schemas', () => {
  it('trim names and refuse markup or overlong ones', () => {
    expect(renamePasskeySchema.parse({ name: '  Work phone ' })).toEqual({ name: 'Work phone' });
    expect(renamePasskeySchema.safeParse({ name: "Mia's Pixel (2)" }).success).toBe(true);
    expect(renamePasskeySchema.safeParse({ name: '<b>x</b>' }).success).toBe(false);
    expect(renamePasskeySchema.safeParse({ name: 'x'.repeat(61) }).success).toBe(false);
  });

  it('take any ordinary punctuation in a name and refuse only what is unsafe', () => {
    for (const name of ["Delia's phone", 'Delia’s iPad — work #2', 'Clé USB: Zoë & Ana!', 'YubiKey "blue" 5C', 'Phone 🙂']) {
      expect(renamePasskeySchema.safeParse({ name }).success, name).toBe(true);
    }
    for (const name of ['Phone\nBcc: x@evil.test', 'tab\there', 'evil\u202egnp.exe', 'a\u2066b', 'a < b']) {
      const parsed = renamePasskeySchema.safeParse({ name });
      expect(parsed.success, name).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(PASSKEY_NAME_MESSAGE);
    }
  });

  it('take the browser answer and refuse what is not base64url', () => {
    const response = { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'eyJ9', attestationObject: 'o2Nm' }, clientExtensionResults: {} };
    expect(addPasskeySchema.safeParse({ response }).success).toBe(true);
    expect(addPasskeySchema.safeParse({ response: { ...response, id: 'a+b/c=' } }).success).toBe(false);
    expect(addPasskeySchema.safeParse({ response: { ...response, type: 'password' } }).success).toBe(false);
  });
});
