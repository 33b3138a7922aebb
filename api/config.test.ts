import { describe, expect, it } from 'vitest';
import { clubConfigSchema } from './contract/config';
import { makeTestApp } from './testing';

describe('GET /api/config', () => {
  it("tells anyone the club's time zone, as configured", async () => {
    const t = makeTestApp({ env: { CLUB_TIMEZONE: 'Europe/Paris', CLUB_EMAIL: 'hello@tri.example' } });
    const res = await t.call('GET', '/api/config');
    expect(res.status).toBe(200);
    const body = clubConfigSchema.parse(res.body);
    expect(body).toEqual({ clubTimeZone: 'Europe/Paris', clubEmail: 'hello@tri.example' });
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('has a built-in club address when CLUB_EMAIL is not set', async () => {
    const t = makeTestApp();
    expect((await t.call('GET', '/api/config')).body).toMatchObject({ clubEmail: 'triathlon.club@university.test' });
  });
});
