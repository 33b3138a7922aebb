// Chaos through the real UI: one member, two tabs, random RSVP choices on a few events
// while the network toggles and a small proxy on 127.0.0.1 drops answers after the server
// committed (or answers 502 after committing, as a gateway would). Once calm returns, the server
// must hold, for each event, the last choice she made in either tab. Ops, faults and mismatches are
// printed in the suite's output.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { chromium, type Browser, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type ChildServer } from '../testing/child-server';
import { newJwtSecret, prepareDatabase } from '../testing/seeded-database';
import { addEvents, signInFixtureMember } from './support/member-events';
import { outboxFile } from './support/built-files';

const OPS = 30;
const EVENTS = 3;
// Bounded in time as well as count: on a loaded 2-core CI machine a tap round can take seconds.
const OPS_DEADLINE_MS = 35_000;
const SETTLE_DEADLINE_MS = 40_000;
const STATUSES = ['going', 'maybe', 'not_going'] as const;
const LABELS = { going: 'Going', maybe: 'Maybe', not_going: 'Not Going' } as const;
type Status = (typeof STATUSES)[number];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

interface Faults {
  dropAfterCommit: number;
  gateway502: number;
  offlineToggles: number;
  /** Chance that a write's answer is dropped / replaced by a 502 (0 once calm returns). */
  dropRate: number;
  badGatewayRate: number;
}

/** Forwards everything to the server; RSVP writes may lose their answer after the server committed. */
function startProxy(port: number, target: number, faults: Faults): Promise<Server> {
  const proxy = createServer((req, res) => {
    const upstream = httpRequest(
      { host: '127.0.0.1', port: target, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const isWrite = req.method === 'POST' && /\/api\/forum\/events\/\d+\/rsvp$/.test(req.url ?? '');
          const roll = Math.random();
          if (isWrite && roll < faults.dropRate) {
            faults.dropAfterCommit += 1;
            req.socket.destroy();
            return;
          }
          if (isWrite && roll < faults.dropRate + faults.badGatewayRate) {
            faults.gateway502 += 1;
            res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Bad gateway' }));
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(chunks));
        });
      },
    );
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(port, '127.0.0.1', () => resolve(proxy)));
}

describe('outbox chaos through the UI', () => {
  let dir = '';
  let server: ChildServer | null = null;
  let proxy: Server | null = null;
  let browser: Browser | null = null;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'club-fault-chaos-'));
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((r) => (proxy ? proxy.close(() => r()) : r()));
    await server?.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('ends with the last choice of each event on the server, whatever was lost on the way', async () => {
    const databasePath = join(dir, 'club.db');
    const fixture = await prepareDatabase(databasePath, { members: 1, workouts: 0, races: 0 });
    const memberId = fixture.memberIds[0]!;
    const eventIds = addEvents(databasePath, memberId, EVENTS, 'Chaos social');

    const port = await freePort();
    server = await startServer({ databasePath, port, jwtSecret: newJwtSecret(), env: { PASSWORD_HASH_LOG_N: '10' } });
    const faults: Faults = { dropAfterCommit: 0, gateway502: 0, offlineToggles: 0, dropRate: 0.25, badGatewayRate: 0.1 };
    const proxyPort = await freePort();
    proxy = await startProxy(proxyPort, port, faults);
    const base = `http://127.0.0.1:${proxyPort}`;

    const { token, user } = await signInFixtureMember(base);

    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
    const first = await context.newPage();
    await first.goto('/');
    await first.evaluate(([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
    }, [token, JSON.stringify(user)] as const);
    const tabs: Page[] = [first, await context.newPage()];
    // A member who has had the app open online once: each tab has fetched the outbox's file (a page
    // does once idle), so a change made offline can be kept (outbox-first-load tests the first minute).
    const outbox = outboxFile();
    for (const tab of tabs) {
      await tab.goto(`/event/${eventIds[0]}`);
      await tab.getByRole('button', { name: 'Going', exact: true }).waitFor();
      await tab.waitForFunction((file) => performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname === file), outbox, { timeout: 20_000 });
    }

    const intended = new Map<number, Status | null>();
    let intendedOps = 0;
    const log: string[] = [];
    let offline = false;
    const stopAt = Date.now() + OPS_DEADLINE_MS;
    for (let n = 0; n < OPS && Date.now() < stopAt; n++) {
      if (Math.random() < 0.15) {
        offline = !offline;
        faults.offlineToggles += 1;
        await context.setOffline(offline);
        log.push(`network ${offline ? 'off' : 'on'}`);
      }
      const t = Math.floor(Math.random() * tabs.length);
      const tab = tabs[t]!;
      const eventId = pick(eventIds);
      if (!tab.url().endsWith(`/event/${eventId}`)) {
        // Moving between events: client-side, as a member would (a full load needs the network).
        await tab.evaluate((path) => {
          history.pushState(null, '', path);
          dispatchEvent(new PopStateEvent('popstate'));
        }, `/event/${eventId}`);
      }
      // A choice, or now and then "Clear my answer". Tapping the answer already selected sends
      // nothing, so it changes no intent.
      const status = Math.random() < 0.2 ? 'clear' : pick(STATUSES);
      const button =
        status === 'clear'
          ? tab.getByRole('button', { name: 'Clear my answer' })
          : tab.getByRole('button', { name: LABELS[status], exact: true });
      try {
        if (status === 'clear' && !(await button.isVisible())) {
          log.push(`#${n} tab ${t} event ${eventId}: nothing to clear (skipped)`);
          continue;
        }
        await button.waitFor({ timeout: 10_000 });
        await tab.waitForFunction((b) => !(b as HTMLButtonElement).disabled, await button.elementHandle(), { timeout: 10_000 });
      } catch {
        log.push(`#${n} tab ${t} event ${eventId}: ${status} not available (skipped)`);
        continue;
      }
      if (status !== 'clear' && (await button.getAttribute('aria-pressed')) === 'true') {
        log.push(`#${n} tab ${t} event ${eventId}: ${LABELS[status]} already selected here (skipped)`);
        continue;
      }
      const wanted = status === 'clear' ? null : status;
      try {
        // The answer shown can change between the look and the tap (another tab's change, synced
        // here, cleared it): a button gone by then was not tapped, and changes no intent.
        await button.click({ timeout: 5_000 });
      } catch {
        log.push(`#${n} tab ${t} event ${eventId}: ${status} gone before the tap (skipped)`);
        continue;
      }
      intended.set(eventId, wanted);
      intendedOps += 1;
      log.push(`#${n} tab ${t} event ${eventId}: ${status === 'clear' ? 'Clear my answer' : LABELS[status]} -> ${wanted ?? 'none'}${offline ? ' (offline)' : ''}`);
      await sleep(100 + Math.random() * 500);
    }

    // Calm: back online, nothing lost any more; wait (with Retry now) until the server agrees.
    faults.dropRate = 0;
    faults.badGatewayRate = 0;
    await context.setOffline(false);
    const db = new Database(databasePath, { readonly: true, fileMustExist: true });
    const onServer = () => {
      const rows = db.prepare('select post_id, status from event_rsvps where user_id = ?').all(memberId) as { post_id: number; status: Status }[];
      return new Map(rows.map((r) => [r.post_id, r.status]));
    };
    const mismatches = () => {
      const now = onServer();
      return [...intended].filter(([id, want]) => (now.get(id) ?? null) !== want).map(([id, want]) => `event ${id}: wanted ${want ?? 'none'}, server ${now.get(id) ?? 'none'}`);
    };
    const settleBy = Date.now() + SETTLE_DEADLINE_MS;
    let waitingOps = -1;
    while (Date.now() < settleBy) {
      waitingOps = await first.evaluate(async () => {
        // The outbox's database exists only once a change had to wait (the app loads Dexie then):
        // opened here without creating it, a database that does not exist holds nothing waiting.
        const open = indexedDB.open('club-offline');
        open.onupgradeneeded = () => open.transaction?.abort();
        const db = await new Promise<IDBDatabase | null>((resolve, reject) => {
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => (open.error?.name === 'AbortError' ? resolve(null) : reject(open.error));
        });
        if (!db) return 0;
        if (!db.objectStoreNames.contains('outbox')) {
          db.close();
          throw new Error(`club-offline has no outbox store (stores: ${[...db.objectStoreNames].join(', ')})`);
        }
        const n = await new Promise<number>((resolve) => {
          const req = db.transaction('outbox').objectStore('outbox').count();
          req.onsuccess = () => resolve(req.result);
        });
        db.close();
        return n;
      });
      if (waitingOps === 0 && mismatches().length === 0) break;
      for (const tab of tabs) {
        const retry = tab.getByRole('button', { name: 'Retry now' });
        if (await retry.isVisible().catch(() => false)) await retry.click().catch(() => undefined);
      }
      await sleep(1000);
    }
    const found = mismatches();
    db.close();

    console.log(
      [
        `outbox chaos: ${intendedOps} ops over ${EVENTS} events in 2 tabs (${log.length - intendedOps - faults.offlineToggles} skipped)`,
        `faults: ${faults.dropAfterCommit} answers dropped after commit, ${faults.gateway502} 502s after commit, ${faults.offlineToggles} network toggles`,
        `outbox left: ${waitingOps} ops; mismatches: ${found.length}`,
        ...found.map((m) => `  MISMATCH ${m}`),
        ...log.map((l) => `  ${l}`),
      ].join('\n'),
    );
    expect(found).toEqual([]);
    expect(waitingOps).toBe(0);
    // Start (server, browser, two tabs) + taps (35 s at most) + settling (40 s at most), with room.
  }, 150_000);
});
