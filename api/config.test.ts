import { describe, expect, it } from 'vitest';
import { clubConfigSchema } from './contract/config';
import { makeTestApp } from './testing';

describe('GET /api/config', () => {
  it("tells anyone the club's time zone, as configured", async () => {
    const t = makeTestApp({ env: { CLUB_TIMEZONE: 'Europe/Paris' } });
    const res = await t.call('GET', '/api/config');
    expect(res.status).toBe(200);
    const body = clubConfigSchema.parse(res.body);
    expect(body).toEqual({ clubTimeZone: 'Europe/Paris' });
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });
});
