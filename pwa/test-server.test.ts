// answerRoutes is what every screen test stands on: these check the parts a screen test would only
// show indirectly (query routes, params, the 404 for the rest, a lost request, what is recorded).
import { describe, expect, it } from 'vitest';
import { answerRoutes, jsonReply } from './test-server';
import { testUser } from './test-support';

const get = (path: string, init?: RequestInit) => fetch(`http://club.test/api${path}`, init);

describe('answerRoutes', () => {
  it('answers a route by its pattern and hands the handler its params and typed body', async () => {
    const api = answerRoutes({
      'PUT /profiles/:id': ({ params, body }) => ({ teamMember: { id: params.id, role: 'Coach', name: body?.name ?? '', bio: '', email: '', image: '', group: 'coach' } }),
    });
    const res = await get('/profiles/swim-coach', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Maya' }) });
    expect(await res.json()).toEqual({ teamMember: { id: 'swim-coach', role: 'Coach', name: 'Maya', bio: '', email: '', image: '', group: 'coach' } });
    expect(api.calls).toMatchObject([{ method: 'PUT', url: '/api/profiles/swim-coach', path: '/profiles/swim-coach', body: { name: 'Maya' } }]);
  });

  it('tells routes of one path apart by their query, and answers anything else 404', async () => {
    const api = answerRoutes({
      'GET /forum/posts?type=workout': { posts: [] },
      'GET /forum/posts?type=event': jsonReply({ error: 'No events today' }, 503),
    });
    expect((await get('/forum/posts?type=workout')).status).toBe(200);
    expect((await get('/forum/posts?type=event')).status).toBe(503);
    expect((await get('/forum/posts?type=event')).status).toBe(503); // a fixed Response serves every call
    expect(await (await get('/forum/posts?type=race')).json()).toEqual({ error: 'Not found' });
    expect(api.to('GET /forum/posts?type=event')).toHaveLength(2);
    expect(api.to('GET /forum/posts')).toHaveLength(4);
    expect(api.calls.map((c) => c.path)).toEqual([
      '/forum/posts?type=workout',
      '/forum/posts?type=event',
      '/forum/posts?type=event',
      '/forum/posts?type=race',
    ]);
  });

  it("answers the session's refresh with the user, or 401 for a session the server no longer knows", async () => {
    const user = testUser('member', { id: 7 });
    answerRoutes({}, { user });
    expect(await (await get('/auth/profile')).json()).toEqual({ user });
    answerRoutes({}, { user: null });
    expect((await get('/auth/profile')).status).toBe(401);
    answerRoutes({});
    expect((await get('/auth/profile')).status).toBe(404);
  });

  it("loses the request for 'network-error' and for a handler that throws", async () => {
    answerRoutes({
      'GET /races': 'network-error',
      'GET /profiles': () => {
        throw new Error('no signal');
      },
    });
    await expect(get('/races')).rejects.toThrow(TypeError);
    await expect(get('/profiles')).rejects.toThrow(TypeError);
  });

  it('answers one address of an endpoint before its pattern, and leaves its other addresses alone', async () => {
    answerRoutes({
      'POST /races/3/signup': { signedUp: true },
      'GET /forum/workouts/:id': jsonReply({ error: 'Workout not found' }, 404),
      'GET /forum/workouts/7': jsonReply({ error: 'Temporarily unavailable' }, 503),
    });
    expect(await (await get('/races/3/signup', { method: 'POST' })).json()).toEqual({ signedUp: true });
    expect(await (await get('/races/4/signup', { method: 'POST' })).json()).toEqual({ error: 'Not found' });
    // The address answers before its pattern, though written after it.
    expect((await get('/forum/workouts/7')).status).toBe(503);
    expect((await get('/forum/workouts/8')).status).toBe(404);
  });

  it('keeps writes apart from reads, and matches recorded calls by pattern or by address', async () => {
    const api = answerRoutes({ 'POST /races/:id/signup': { signedUp: true } });
    await get('/races/3/signup', { method: 'POST' });
    await get('/races');
    await get('/races/4/signup', { method: 'POST' });
    expect(api.writes().map((c) => c.path)).toEqual(['/races/3/signup', '/races/4/signup']);
    expect(api.to('POST /races/:id/signup')).toHaveLength(2);
    expect(api.to('POST /races/4/signup')).toHaveLength(1);
    expect(api.to('DELETE /races/:id/signup')).toEqual([]);
  });
});
