import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';
import { logPasskeySettings, passkeySettings } from './passkey-settings';

describe('passkeys from APP_URL', () => {
  it('bind to the host of an https APP_URL, or of http://localhost', () => {
    expect(passkeySettings('https://club.example.org')).toEqual({ enabled: true, rpID: 'club.example.org', origin: 'https://club.example.org' });
    expect(passkeySettings('https://club.example.org:8443/app')).toEqual({ enabled: true, rpID: 'club.example.org', origin: 'https://club.example.org:8443' });
    expect(passkeySettings('http://localhost:4318')).toEqual({ enabled: true, rpID: 'localhost', origin: 'http://localhost:4318' });
    expect(loadEnv({ PORT: '3000' }).PASSKEYS).toEqual({ enabled: true, rpID: 'localhost', origin: 'http://localhost:3000' });
  });

  it('are off for an IP address or plain http elsewhere, with the reason', () => {
    for (const url of ['http://127.0.0.1:4317', 'https://192.168.1.20', 'https://[::1]:3000']) {
      const settings = passkeySettings(url);
      expect(settings.enabled, url).toBe(false);
      expect(settings.enabled ? '' : settings.reason).toMatch(/is an IP address/);
    }
    const http = passkeySettings('http://club.example.org');
    expect(http.enabled ? '' : http.reason).toMatch(/not https/);
    expect(loadEnv({ APP_URL: 'http://10.0.0.5:3000' }).PASSKEYS.enabled).toBe(false);
  });

  it('are announced at start: off with the reason as a warning, on with the relying party', () => {
    const lines: [string, string][] = [];
    const log = { info: (m: string) => lines.push(['info', m]), warn: (m: string) => lines.push(['warn', m]) };
    logPasskeySettings(passkeySettings('http://127.0.0.1:4317'), log);
    logPasskeySettings(passkeySettings('https://club.example.org'), log);
    expect(lines).toEqual([
      ['warn', "Passkeys are off: APP_URL's host 127.0.0.1 is an IP address; browsers accept passkeys only on a domain name. Members sign in with their password."],
      ['info', 'Passkeys are on for club.example.org (origin https://club.example.org).'],
    ]);
  });
});
