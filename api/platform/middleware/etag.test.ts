import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../../testing/test-app';
import { etagMatches } from './etag';

describe('etagMatches', () => {
  it('compares If-None-Match weakly, in lists and with *', () => {
    expect(etagMatches(undefined, '"a"')).toBe(false);
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"b", "a"', '"a"')).toBe(true);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches('a', '"a"')).toBe(false);
  });
});

describe('GET /api/forum/posts with an ETag', () => {
  async function setup() {
    const t = makeTestApp();
    const exec = await t.createUser({ role: 'exec' });
    const member = await t.createUser();
    const created = await t.call('POST', '/api/forum/posts', {
      token: exec.token,
      body: {
        type: 'workout',
        title: 'Tempo',
        workoutType: 'run',
        workoutDate: '2026-03-05',
        workoutTime: '07:00',
        content: 'Run',
        capacity: 5,
      },
    });
    return { t, exec, member, workoutId: created.body.post.id as number };
  }

  it('answers 304 with no body to a current copy, and 200 with a new tag after a change', async () => {
    const { t, member, workoutId } = await setup();
    const first = await t.call('GET', '/api/forum/posts?type=workout', { token: member.token });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-store');

    const again = await t.call('GET', '/api/forum/posts?type=workout', {
      token: member.token,
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers.get('etag')).toBe(etag);

    await t.call('POST', `/api/forum/workouts/${workoutId}/signup`, { token: member.token, body: { signedUp: true } });
    const changed = await t.call('GET', '/api/forum/posts?type=workout', {
      token: member.token,
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.body.posts[0]).toMatchObject({ id: workoutId, isSignedUp: true, signupCount: 1 });
  });

  it("gives each caller their own tag: another member's copy is not current for me", async () => {
    const { t, exec, member, workoutId } = await setup();
    await t.call('POST', `/api/forum/workouts/${workoutId}/signup`, { token: member.token, body: { signedUp: true } });
    const mine = await t.call('GET', '/api/forum/posts?type=workout', { token: member.token });
    const theirs = await t.call('GET', '/api/forum/posts?type=workout', {
      token: exec.token,
      headers: { 'if-none-match': mine.headers.get('etag')! },
    });
    expect(theirs.status).toBe(200);
    expect(theirs.body.posts[0].isSignedUp).toBe(false);
  });

  it('sends the prebuilt body gzipped to a client that takes gzip', async () => {
    const { t, member } = await setup();
    const res = await t.app.request('/api/forum/posts?type=workout', {
      headers: { authorization: `Bearer ${member.token}`, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8'));
    expect(body.posts).toHaveLength(1);
    const plain = await t.app.request('/api/forum/posts?type=workout', {
      headers: { authorization: `Bearer ${member.token}`, 'accept-encoding': 'gzip;q=0, identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.json()).posts).toEqual(body.posts);
  });
});
