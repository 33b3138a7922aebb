import { isIP } from 'node:net';

/**
 * Where passkeys are bound: the relying party id (the host of APP_URL) and the origin the browser
 * reports. Browsers refuse an IP address as the relying party id and offer WebAuthn only on https
 * (or http on localhost), so such an APP_URL turns passkeys off, with the reason.
 */
export type PasskeySettings = { enabled: true; rpID: string; origin: string } | { enabled: false; reason: string };

export function passkeySettings(appUrl: string): PasskeySettings {
  let url: URL;
  try {
    url = new URL(appUrl);
  } catch {
    return { enabled: false, reason: `APP_URL (${appUrl}) is not a URL` };
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    return { enabled: false, reason: `APP_URL's host ${url.hostname} is an IP address; browsers accept passkeys only on a domain name` };
  }
  const local = host === 'localhost' || host.endsWith('.localhost');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    return { enabled: false, reason: `APP_URL (${url.origin}) is not https; browsers offer passkeys only on https or http://localhost` };
  }
  return { enabled: true, rpID: host, origin: url.origin };
}

/** The start-up line about passkeys: where they are bound, or why they are off. */
export function logPasskeySettings(settings: PasskeySettings, log: { info: (msg: string) => void; warn: (msg: string) => void }): void {
  if (settings.enabled) log.info(`Passkeys are on for ${settings.rpID} (origin ${settings.origin}).`);
  else log.warn(`Passkeys are off: ${settings.reason}. Members sign in with their password.`);
}
