// The two WebAuthn ceremonies through the API, with a software authenticator in the browser's place.
import { expect } from 'vitest';
import type { TestApp } from './test-app';
import type { CeremonyOverrides, SoftwareAuthenticator } from './software-authenticator';

/** The club of these tests: passkeys need an https APP_URL (or http://localhost). */
export const ORIGIN = 'https://club.test';
export const PASSKEY_ENV = { APP_URL: ORIGIN };
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** POST /passkeys/options then POST /passkeys; answers the second call. */
export async function addPasskey(
  t: TestApp,
  token: string,
  authenticator: SoftwareAuthenticator,
  options: { name?: string; overrides?: CeremonyOverrides; userAgent?: string } = {},
) {
  const asked = await t.call('POST', '/api/passkeys/options', { token, body: {} });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const response = authenticator.create(asked.body.options, ORIGIN, options.overrides);
  return t.call('POST', '/api/passkeys', {
    token,
    body: { ...(options.name === undefined ? {} : { name: options.name }), response },
    headers: { 'user-agent': options.userAgent ?? IPHONE_UA },
  });
}

/** The sign-in page's ceremony: a challenge, the authenticator's answer; `send` may change what goes. */
export async function passkeyAssertion(t: TestApp, authenticator: SoftwareAuthenticator, overrides: CeremonyOverrides = {}, headers: Record<string, string> = {}) {
  const asked = await t.call('POST', '/api/auth/passkey/options', { headers });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  return authenticator.get(asked.body.options, ORIGIN, overrides);
}

/** Signs in with the passkey: POST /auth/passkey/options then POST /auth/passkey/login. */
export async function signInWithPasskey(t: TestApp, authenticator: SoftwareAuthenticator, overrides: CeremonyOverrides = {}, headers: Record<string, string> = {}) {
  const response = await passkeyAssertion(t, authenticator, overrides, headers);
  return t.call('POST', '/api/auth/passkey/login', { body: { response }, headers });
}
