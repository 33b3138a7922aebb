import 'fake-indexeddb/auto';
import { act, render, screen } from '@testing-library/react';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession, testUser } from '../../test-support';
import { request } from '../data/api-client';
import { addComment, countComments } from '../offline/comments-db';
import { openOfflineDb, resetOfflineDbForTests } from '../offline/offline-db';
import { devicePersister } from '../data/query-persister';
import { ACCOUNT_DELETED_ERROR } from '../../../domain/contract/members/privacy';
import { SessionProvider, useSession } from './session';
import { readUser } from './session-storage';

let session: ReturnType<typeof useSession> | null = null;
function Probe() {
  session = useSession();
  return <p>{session.user ? `in as ${session.user.name}` : 'signed out'}</p>;
}

type Pending = { url: string; resolve: (r: Response) => void };
let pending: Pending[];
let calls: { url: string; auth: string | null }[];

/** Cache Storage as the service worker fills it (jsdom has none): names → request URLs. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  return {
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      const store = stores.get(name)!;
      return { put: async (url: string, res: Response) => void store.set(url, res) };
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
}

beforeEach(() => {
  vi.stubGlobal('caches', fakeCaches());
  pending = [];
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, auth: (init.headers as Record<string, string>).authorization ?? null });
      if (url === '/api/auth/logout') return Promise.resolve(new Response(JSON.stringify({ message: 'ok' })));
      // Every other answer waits until the test releases it: a request still on its way.
      return new Promise<Response>((resolve) => pending.push({ url, resolve }));
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  resetOfflineDbForTests();
  await Dexie.delete('club-offline');
});

const alice = testUser('member', { id: 41, name: 'Alice Ng', email: 'alice@club.test', phoneNumber: '(416) 555-0101', phone_number: '(416) 555-0101' });

describe('logout on a shared phone', () => {
  it('lets no answer of the old session write back, and leaves nothing of the user on the device', async () => {
    storeSession(alice, 'alice-token');
    sessionStorage.setItem('waitlist-positions:41', '{"7":2}');
    // The member's query cache, persisted for offline reading.
    await devicePersister(41).persistClient({ posts: ['Alice only'] } as never);
    await addComment({ userId: 41, postId: 7, user_name: 'Alice Ng', content: 'See you at 6', created_at: 1 });
    await caches.open('uploads').then((c) => c.put('/uploads/alice.webp', new Response('picture')));
    await caches.open('public-api').then((c) => c.put('/api/profiles', new Response('[]')));

    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByText('in as Alice Ng')).toBeInTheDocument();
    // The provider's profile refresh is on its way, and so is a screen's read.
    await vi.waitFor(() => expect(pending.map((p) => p.url)).toContain('/api/auth/profile'));
    const read = request('/forum/posts?type=workout').catch((e: unknown) => e);

    await act(() => session!.signOut());
    expect(screen.getByText('signed out')).toBeInTheDocument();
    // The server was told, with the token of the session that ended.
    expect(calls.find((c) => c.url === '/api/auth/logout')?.auth).toBe('Bearer alice-token');

    // Now the old answers arrive, one with a renewed token.
    await act(async () => {
      for (const p of pending) {
        p.resolve(new Response(JSON.stringify({ user: alice, posts: ['Alice only'] }), { headers: { 'X-Session-Token': 'renewed' } }));
      }
      await new Promise((r) => setTimeout(r, 20));
    });
    expect((await read) as Error).toMatchObject({ name: 'AbortError' });
    expect(screen.getByText('signed out')).toBeInTheDocument();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(readUser()).toBeNull();
    // Every database is gone; opening them again finds them empty.
    expect((await indexedDB.databases()).map((d) => d.name)).toEqual([]);
    const db = await openOfflineDb();
    expect(await db!.queries.count()).toBe(0);
    expect(await devicePersister(41).restoreClient()).toBeUndefined();
    expect(await countComments(41)).toBe(0);
    // Pictures and anything personal left Cache Storage; the public lists may stay.
    expect(await caches.keys()).toEqual(['public-api']);
  });

  it('keeps local comments per user: another account on the device never sees them', async () => {
    await addComment({ userId: 41, postId: 7, user_name: 'Alice Ng', content: 'Mine', created_at: 1 });
    const { listComments } = await import('../offline/comments-db');
    expect(await listComments(42, 7)).toEqual([]);
    expect((await listComments(41, 7)).map((c) => c.content)).toEqual(['Mine']);
  });
});

describe('an account deleted from another device or by an administrator', () => {
  async function refusedWith(error: string) {
    storeSession(alice, 'alice-token');
    await devicePersister(41).persistClient({ posts: ['Alice only'] } as never);
    await addComment({ userId: 41, postId: 7, user_name: 'Alice Ng', content: 'See you at 6', created_at: 1 });
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await vi.waitFor(() => expect(pending.map((p) => p.url)).toContain('/api/auth/profile'));
    await act(async () => {
      pending.find((p) => p.url === '/api/auth/profile')!.resolve(new Response(JSON.stringify({ error }), { status: 401 }));
      await new Promise((r) => setTimeout(r, 50));
    });
    await vi.waitFor(() => expect(screen.getByText('signed out')).toBeInTheDocument());
  }

  it('wipes everything the device kept for it', async () => {
    await refusedWith(ACCOUNT_DELETED_ERROR);
    expect(localStorage.length).toBe(0);
    await vi.waitFor(async () => expect(await countComments(41)).toBe(0));
    expect(await devicePersister(41).restoreClient()).toBeUndefined();
  });

  it('while a session that merely ended keeps the unsynced work for the next sign-in', async () => {
    await refusedWith('Invalid or expired token. Please sign in again.');
    expect(await countComments(41)).toBe(1);
  });
});
