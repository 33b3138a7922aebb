// Each club's requests take turns at the front door: past a few of one club's answered at once, its
// next ones wait in order, and past its share of waiting they are answered busy. Another club's
// requests never wait behind them.
import { describe, expect, it } from 'vitest';
import { CLUB_BUSY_ERROR } from '../../domain/contract/host';
import { createLogger } from '../platform/logger';
import { loadEnv } from '../platform/settings/env';
import { ClubPool, type OpenClub } from './club-pool';
import { ClubTurns, frontDoor } from './front-door';
import type { ClubEntry, HostRegistry } from './registry';

const settle = () => new Promise((r) => setTimeout(r, 0));

function entry(address: string): ClubEntry {
  return { address, name: address, state: 'active', databasePath: '', uploadsDir: '', adopted: false, hostSecretSessions: false, setupKeyHash: null, adminEmail: null, createdAt: 0, lastActivityAt: null, problem: null, stripe: null };
}

describe('ClubTurns', () => {
  it('answers a bounded number of a club at once, the rest in order; another club never waits for it', async () => {
    const turns = new ClubTurns({ runningPerClub: 2, waitingPerClub: 3 });
    const a1 = (await turns.take('a'))!;
    const a2 = (await turns.take('a'))!;
    const started: string[] = [];
    const wait = (club: string, name: string) => turns.take(club).then((release) => (started.push(name), release));
    const waiting = [wait('a', 'a3'), wait('a', 'a4'), wait('a', 'a5')];
    // A fourth waiting of club a is one too many: answered at once.
    expect(await turns.take('a')).toBeNull();
    // Club b has its own turns: it runs at once, however many of a's wait.
    const b1 = await turns.take('b');
    expect(b1).not.toBeNull();
    expect(turns.queued).toBe(3);
    a1();
    a1(); // a release given twice frees one turn only
    await settle();
    expect(started).toEqual(['a3']);
    a2();
    await settle();
    expect(started).toEqual(['a3', 'a4']);
    for (const w of waiting) (await w)!();
    await settle();
    expect(started).toEqual(['a3', 'a4', 'a5']);
    b1!();
    // Every turn given back: a runs at once again, twice.
    expect(turns.queued).toBe(0);
    expect(await turns.take('a')).not.toBeNull();
    expect(await turns.take('a')).not.toBeNull();
  });
});

describe('the front door under one club’s storm', () => {
  it('answers the other club at once and the storming club busy past its share, losing none it took', async () => {
    // Club a's requests wait until let go; club b's answer at once.
    const held: (() => void)[] = [];
    const open = async (e: ClubEntry): Promise<OpenClub> => ({
      fetch: (request) =>
        e.address === 'a.localhost' && !new URL(request.url).pathname.startsWith('/assets/')
          ? new Promise<Response>((resolve) => held.push(() => resolve(new Response('a'))))
          : new Response(e.address === 'a.localhost' ? 'script' : 'b'),
      deps: {} as OpenClub['deps'],
      backup: () => Promise.reject(new Error('no backups here')),
      close: async () => {},
    });
    const pool = new ClubPool(open, { max: 10, idleMs: null });
    const registry = { find: (address: string) => entry(address), count: () => 2 } as unknown as HostRegistry;
    const logger = createLogger(loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
    const turns = new ClubTurns({ runningPerClub: 4, waitingPerClub: 20 });
    const fetch = frontDoor({ registry, pool, console: () => new Response(null, { status: 404 }), logger, turns });
    const ask = (host: string, path = '/api/forum/posts') => fetch(new Request(`http://${host}${path}`, { headers: { host, accept: 'application/json' } }));

    const storm = Array.from({ length: 24 }, () => ask('a.localhost'));
    for (let i = 0; i < 20 && held.length < 4; i += 1) await settle();
    await settle();
    // 4 of a's answered at once, 20 waiting.
    expect(held).toHaveLength(4);
    expect(turns.queued).toBe(20);
    // The 25th of club a is told to come back, in the API's words.
    const busy = await ask('a.localhost');
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('5');
    expect(await busy.json()).toEqual({ error: CLUB_BUSY_ERROR });
    // Club b is answered at once, with all of a's still held.
    const b = await ask('b.localhost');
    expect(b.status).toBe(200);
    expect(await b.text()).toBe('b');
    expect(held).toHaveLength(4);
    // The storming club's own build files are still sent: a page opened by hundreds at once downloads them.
    const script = await ask('a.localhost', '/assets/index-abc123.js');
    expect(script.status).toBe(200);
    expect(await script.text()).toBe('script');
    expect(turns.queued).toBe(20);
    // a's waiting requests are answered in turn as the earlier ones end, none lost.
    while (held.length > 0 || turns.queued > 0) {
      held.splice(0).forEach((letGo) => letGo());
      await settle();
    }
    const answers = await Promise.all(storm);
    expect(answers.map((r) => r.status)).toEqual(Array(24).fill(200));
  });
});
