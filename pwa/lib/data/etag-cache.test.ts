import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession, testUser } from '../../test-support';
import { request as api } from './api-client';
import { clearEtagCache } from './etag-cache';

/**
 * A server that behaves like the API's list: a strong ETag per body, 304 with no body when the
 * request's If-None-Match is current. Records what each request carried.
 */
function etagServer() {
  let version = 1;
  const seen: { url: string; ifNoneMatch: string | null; status: number }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const ifNoneMatch = headers['if-none-match'] ?? null;
    const etag = `"v${version}"`;
    const status = ifNoneMatch === etag ? 304 : 200;
    seen.push({ url, ifNoneMatch, status });
    if (status === 304) return new Response(null, { status, headers: { etag } });
    return new Response(JSON.stringify({ posts: [{ id: version }] }), {
      status,
      headers: { etag, 'content-type': 'application/json', 'cache-control': 'no-store' },
    });
  });
  return { fetchMock, seen, change: () => (version += 1) };
}

describe('ETag revalidation in the api client', () => {
  let server: ReturnType<typeof etagServer>;
  beforeEach(() => {
    clearEtagCache();
    localStorage.clear();
    server = etagServer();
    vi.stubGlobal('fetch', server.fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the last tag and answers a 304 with the stored body', async () => {
    storeSession(testUser('member', { id: 7 }));
    expect(await api('/forum/posts?type=workout')).toEqual({ posts: [{ id: 1 }] });
    expect(await api('/forum/posts?type=workout')).toEqual({ posts: [{ id: 1 }] });
    expect(server.seen.map((s) => [s.ifNoneMatch, s.status])).toEqual([
      [null, 200],
      ['"v1"', 304],
    ]);
    server.change();
    expect(await api('/forum/posts?type=workout')).toEqual({ posts: [{ id: 2 }] });
    expect(server.seen.at(-1)).toMatchObject({ ifNoneMatch: '"v1"', status: 200 });
    expect(await api('/forum/posts?type=workout')).toEqual({ posts: [{ id: 2 }] });
    expect(server.seen.at(-1)).toMatchObject({ ifNoneMatch: '"v2"', status: 304 });
  });

  it('keeps copies per path, and only for GETs', async () => {
    storeSession(testUser('member', { id: 7 }));
    await api('/forum/posts?type=workout');
    await api('/forum/posts?type=event');
    expect(server.seen.at(-1)!.ifNoneMatch).toBeNull();
    await api('/forum/posts?type=workout', { method: 'POST', body: {} });
    expect(server.seen.at(-1)!.ifNoneMatch).toBeNull();
  });

  it('forgets the copies when another member signs in, and when signed out', async () => {
    storeSession(testUser('member', { id: 7 }));
    await api('/forum/posts?type=workout');
    storeSession(testUser('member', { id: 8 }), 'other-token');
    await api('/forum/posts?type=workout');
    expect(server.seen.at(-1)!.ifNoneMatch).toBeNull();
    localStorage.clear();
    await api('/races');
    expect(server.seen.at(-1)!.ifNoneMatch).toBeNull();
    // Back as member 8: nothing of theirs was kept across the sign-out either.
    storeSession(testUser('member', { id: 8 }), 'other-token');
    await api('/forum/posts?type=workout');
    expect(server.seen.at(-1)!.ifNoneMatch).toBeNull();
  });
});
