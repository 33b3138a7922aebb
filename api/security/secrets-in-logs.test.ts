import { describe, expect, it } from 'vitest';
import { loggablePath } from '../platform/middleware/request-log';
import { makeTestApp } from '../testing/test-app';

// A secret in a URL is as good as a password: a member's calendar feed is keyed by its path, and reset
// links carry their token. The request log keeps neither, whatever the route answers.
describe('secrets in the log', () => {
  it('no route that takes a secret writes it to the log', async () => {
    const t = makeTestApp({ env: { NODE_ENV: 'production', TRUST_PROXY: '0', LOG_LEVEL: 'debug' } });
    const admin = await t.createUser({ role: 'administrator' });
    const member = await t.createUser({ email: 'sam@club.test' });
    const secrets: string[] = [];

    // A member's calendar feed, its reset, and a made-up one.
    const link = await t.call('GET', '/api/me/calendar-link', { token: member.token });
    const feed = new URL(link.body.url as string).pathname;
    secrets.push(feed.split('/').pop()!.replace(/\.ics$/, ''));
    expect((await t.call('GET', feed)).status).toBe(200);
    const again = await t.call('POST', '/api/me/calendar-link/reset', { token: member.token });
    const newFeed = new URL(again.body.url as string).pathname;
    secrets.push(newFeed.split('/').pop()!.replace(/\.ics$/, ''));
    expect((await t.call('GET', feed)).status).toBe(404);
    expect((await t.call('GET', newFeed)).status).toBe(200);
    const madeUp = `c${member.id}-${'A'.repeat(43)}`;
    secrets.push(madeUp);
    expect((await t.call('GET', `/api/calendar/${madeUp}.ics`)).status).toBe(404);

    // A reset link: asked for, checked, used, and a made-up token in a path.
    expect((await t.call('POST', '/api/auth/forgot-password', { body: { email: 'sam@club.test' } })).status).toBe(200);
    const messages = await t.call('GET', '/api/admin/outbox', { token: admin.token });
    const text = JSON.stringify(messages.body);
    const resetToken = /token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
    secrets.push(resetToken);
    expect((await t.call('POST', '/api/auth/reset-password/check', { body: { token: resetToken } })).status).toBe(200);
    expect((await t.call('POST', '/api/auth/reset-password', { body: { token: resetToken, newPassword: 'brand-new-pw' } })).status).toBe(200);
    await t.call('GET', `/api/auth/reset-password/${resetToken}?token=${resetToken}`);
    await t.call('GET', `/reset-password?token=${resetToken}`);

    const log = t.logLines.join('\n');
    expect(t.logLines.length).toBeGreaterThan(8);
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).toContain('/api/calendar/[feed]');
  });

  it('keeps the path readable otherwise', () => {
    expect(loggablePath('/api/calendar/club.ics')).toBe('/api/calendar/club.ics');
    expect(loggablePath('/api/forum/workouts/12/signup')).toBe('/api/forum/workouts/12/signup');
    expect(loggablePath('/api/calendar/c7-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics')).toBe('/api/calendar/[feed]');
    expect(loggablePath('/invite/abcdefghijklmnopqrstuvwxyzABCDEFGH')).toBe('/invite/[secret]');
  });
});
