// The two browser measurements, in Debian's Chromium through playwright-core: how fast 100 writes
// queued offline replay once the network is back, and how much JavaScript a first visit downloads.
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { chromium, type Browser, type BrowserContext, type Response } from 'playwright-core';
import { entityOf, type SyncAction } from '../pwa/lib/offline/sync-action';
import type { OutboxOp } from '../pwa/lib/offline/offline-db';
import { WARM_UP_MARK } from '../domain/contract/page-timeline';
import { makeAgent, requestJson } from '../api/testing/json-client';
import { PUBLIC_BUDGET_KB, SIGNED_IN_FORUM_BUDGET_KB } from '../scripts/budgets';

export const REPLAY_BUDGET_MS = 5000;

export interface OfflineFigures {
  page: string;
  ops: number;
  replayMs: number;
  budgetMs: number;
  indicatorAfter: string;
  database: { workoutSignups: number; rsvps: number; raceSignups: number; idempotencyKeys: number };
  exactlyOnce: boolean;
  ok: boolean;
}

export interface JsSizeFigures {
  page: string;
  signedIn: boolean;
  /** wireBytes: as Chromium counts the transfer (headers + encoded body); encoding: as served. */
  files: { url: string; rawBytes: number; gzipBytes: number; wireBytes: number; encoding: string }[];
  rawKB: number;
  /** Each body gzipped at level 9 in the bench, for comparison with earlier runs. */
  gzipKB: number;
  /** What the budget holds on: the sum of wireBytes. */
  wireKB: number;
  budgetKB: number | null;
  withinBudget: boolean | null;
  /**
   * Fetched ahead of time once the page was idle and answering taps (the members' outbox and its
   * database library), apart from the first download: absent when the page fetched nothing so.
   */
  aheadOfTime?: { files: { url: string; wireBytes: number }[]; wireKB: number };
}

export interface Session {
  user: { id: number };
  token: string;
}

export interface OfflineTargets {
  workouts: number[];
  events: { id: number; status: 'going' | 'maybe' | 'not_going' }[];
  races: number[];
}

/** Debian's Chromium on this closed network: no sandbox as root, no GPU, no background calls home. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export async function signInByApi(base: string, email: string, password: string): Promise<Session> {
  const agent = makeAgent(1);
  try {
    const res = await requestJson(agent, `${base}/api/auth/login`, { method: 'POST', body: { email, password } });
    if (res.status !== 200) throw new Error(`Sign-in for the browser failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Session;
  } finally {
    agent.destroy();
  }
}

// The service worker would precache every chunk in the background: blocked, so the figures are
// what the page itself loads and the replay is the page's own, not the service worker's.
async function newContext(browser: Browser, base: string, session: Session | null): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
  if (session) {
    await context.addInitScript((s) => {
      localStorage.setItem('user', JSON.stringify(s.user));
      localStorage.setItem('token', s.token);
    }, session);
  }
  return context;
}

/**
 * The JavaScript a fresh page downloads (cold cache, service worker blocked) until network idle and
 * 0.5 s more, counted as Chromium counts it: each script's `encodedDataLength` at loadingFinished
 * (response headers and body as they came over the wire, compressed as the server sent them). The
 * budget holds on these wire bytes; the gzip -9 figure of each body is kept beside it for comparison.
 */
export async function measureInitialJs(browser: Browser, base: string, path: string, session: Session | null): Promise<JsSizeFigures> {
  const context = await newContext(browser, base, session);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const scriptRequests = new Map<string, { url: string; encoding: string }>();
    const wire = new Map<string, number>();
    cdp.on('Network.responseReceived', (e) => {
      const mime = e.response.mimeType ?? '';
      if (e.type === 'Script' || mime.includes('javascript')) {
        const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
        scriptRequests.set(e.requestId, { url: e.response.url, encoding: headers['content-encoding'] ?? 'identity' });
      }
    });
    cdp.on('Network.loadingFinished', (e) => {
      const script = scriptRequests.get(e.requestId);
      if (script) wire.set(script.url, e.encodedDataLength);
    });
    const bodies = new Map<string, Response>();
    page.on('response', (res) => {
      const type = res.headers()['content-type'] ?? '';
      if (res.request().resourceType() === 'script' || type.includes('javascript')) bodies.set(res.url(), res);
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    // Lazy chunks requested by effects right after the first paint.
    await page.waitForTimeout(500);
    // What the idle warm-up fetched (pwa/lib/offline/outbox-boot.ts marks its start) is not the
    // page's first download: it comes after the page answers taps.
    const late = new Set(
      await page.evaluate((mark) => {
        const at = performance.getEntriesByName(mark)[0]?.startTime;
        if (at === undefined) return [];
        return (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.startTime >= at).map((r) => r.name);
      }, WARM_UP_MARK),
    );
    const aheadOfTime = [...bodies.keys()].filter((url) => late.has(url)).map((url) => ({ url: url.replace(base, ''), wireBytes: wire.get(url) ?? 0 }));
    for (const url of late) bodies.delete(url);
    const encodings = new Map([...scriptRequests.values()].map((s) => [s.url, s.encoding]));
    const files = [];
    for (const [url, res] of bodies) {
      const body = await res.body();
      files.push({
        url: url.replace(base, ''),
        rawBytes: body.length,
        gzipBytes: gzipSync(body, { level: 9 }).length,
        wireBytes: wire.get(url) ?? 0,
        encoding: encodings.get(url) ?? 'unknown',
      });
    }
    files.sort((a, b) => b.wireBytes - a.wireBytes);
    const gzipKB = files.reduce((n, f) => n + f.gzipBytes, 0) / 1024;
    const wireKB = files.reduce((n, f) => n + f.wireBytes, 0) / 1024;
    // The budgets the build holds each page to (scripts/budgets.ts), measured here as a browser sees them.
    const budgetKB = session ? (path === '/forum' ? SIGNED_IN_FORUM_BUDGET_KB : null) : PUBLIC_BUDGET_KB;
    return {
      page: path,
      signedIn: session !== null,
      files,
      rawKB: files.reduce((n, f) => n + f.rawBytes, 0) / 1024,
      gzipKB,
      wireKB,
      budgetKB,
      // A file the browser saw but whose size CDP did not report counts as over budget.
      withinBudget: budgetKB === null ? null : wireKB <= budgetKB && files.every((f) => f.wireBytes > 0),
      ...(aheadOfTime.length > 0 ? { aheadOfTime: { files: aheadOfTime, wireKB: aheadOfTime.reduce((n, f) => n + f.wireBytes, 0) / 1024 } } : {}),
    };
  } finally {
    await context.close();
  }
}

function opsFor(userId: number, targets: OfflineTargets): OutboxOp[] {
  const actions: SyncAction[] = [
    ...targets.workouts.map((workoutId): SyncAction => ({ kind: 'workout-signup', workoutId, signedUp: true })),
    ...targets.events.map(({ id, status }): SyncAction => ({ kind: 'rsvp', eventId: id, status })),
    ...targets.races.map((raceId): SyncAction => ({ kind: 'race-signup', raceId, signedUp: true })),
  ];
  const now = Date.now();
  return actions.map((action, i) => ({
    id: randomUUID(),
    userId,
    action,
    entity: entityOf(action),
    createdAt: now + i,
    attempts: 0,
    nextAttemptAt: 0,
    state: 'pending',
  }));
}

/**
 * Signed in on /forum, the browser goes offline and 100 ops are written into the app's outbox
 * (IndexedDB 'club-offline', the shape of OutboxOp) as if made offline; then the network comes
 * back and the clock runs until the app has emptied the outbox. The server's database must then
 * hold each effect, and each Idempotency-Key, exactly once.
 */
export async function measureOfflineReplay(
  browser: Browser,
  base: string,
  session: Session,
  targets: OfflineTargets,
  databasePath: string,
  path = '/forum',
): Promise<OfflineFigures> {
  const context = await newContext(browser, base, session);
  try {
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'networkidle' });
    const indicator = page.locator('.sync-indicator');
    await indicator.filter({ hasText: 'All synced' }).waitFor({ timeout: 30_000 });

    await context.setOffline(true);
    await indicator.filter({ hasText: 'Offline' }).waitFor({ timeout: 10_000 });
    const ops = opsFor(session.user.id, targets);
    const stored = await page.evaluate(async (list) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        // The app creates its device database with the first queued write (a signed-in page only
        // peeks at it, docs/decisions/0061). A device that made 100 ops offline has it: created here
        // as Dexie makes it (pwa/lib/offline-db.ts: version 2, which IndexedDB sees as 20) when missing.
        const open = indexedDB.open('club-offline', 20);
        open.onupgradeneeded = (e) => {
          if (e.oldVersion !== 0) return;
          const outbox = open.result.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
          outbox.createIndex('id', 'id', { unique: true });
          outbox.createIndex('userId', 'userId');
          outbox.createIndex('entity', 'entity');
          open.result.createObjectStore('queries', { keyPath: 'userId' });
        };
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('outbox', 'readwrite');
        for (const op of list) tx.objectStore('outbox').add(op);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      (globalThis as unknown as { benchOutboxDb: IDBDatabase }).benchOutboxDb = db;
      return new Promise<number>((resolve, reject) => {
        const count = db.transaction('outbox').objectStore('outbox').count();
        count.onsuccess = () => resolve(count.result);
        count.onerror = () => reject(count.error);
      });
    }, ops);
    if (stored !== ops.length) throw new Error(`Expected ${ops.length} ops in the outbox, found ${stored}`);

    const started = performance.now();
    await context.setOffline(false);
    let left = stored;
    while (left > 0 && performance.now() - started < 30_000) {
      await page.waitForTimeout(20);
      left = await page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const db = (globalThis as unknown as { benchOutboxDb: IDBDatabase }).benchOutboxDb;
            const count = db.transaction('outbox').objectStore('outbox').count();
            count.onsuccess = () => resolve(count.result);
            count.onerror = () => reject(count.error);
          }),
      );
    }
    const replayMs = performance.now() - started;
    if (left > 0) throw new Error(`${left} of ${stored} ops were still in the outbox after 30 s`);
    await page.waitForTimeout(300);
    const indicatorAfter = (await indicator.textContent())?.trim() ?? '';

    const db = new Database(databasePath, { readonly: true });
    try {
      const userId = session.user.id;
      const count = (sql: string) => (db.prepare(sql).get(userId) as { n: number }).n;
      const database = {
        workoutSignups: count('select count(*) as n from workout_signups where user_id = ?'),
        rsvps: count('select count(*) as n from event_rsvps where user_id = ?'),
        raceSignups: count('select count(*) as n from race_signups where user_id = ?'),
        idempotencyKeys: count('select count(*) as n from idempotency_keys where user_id = ?'),
      };
      const keys = new Set((db.prepare('select key from idempotency_keys where user_id = ? and status = 200').all(userId) as { key: string }[]).map((r) => r.key));
      const rsvpOk = targets.events.every(
        ({ id, status }) => (db.prepare('select status from event_rsvps where user_id = ? and post_id = ?').get(userId, id) as { status: string } | undefined)?.status === status,
      );
      const exactlyOnce =
        database.workoutSignups === targets.workouts.length &&
        database.rsvps === targets.events.length &&
        database.raceSignups === targets.races.length &&
        database.idempotencyKeys === ops.length &&
        ops.every((op) => keys.has(op.id)) &&
        rsvpOk;
      return {
        page: path,
        ops: ops.length,
        replayMs,
        budgetMs: REPLAY_BUDGET_MS,
        indicatorAfter,
        database,
        exactlyOnce,
        ok: exactlyOnce && replayMs < REPLAY_BUDGET_MS,
      };
    } finally {
      db.close();
    }
  } finally {
    await context.close();
  }
}

export interface PaintFigures {
  page: string;
  /** Medians of 3 fresh loads. */
  fcpMs: number;
  lcpMs: number;
}

/** Slow 4G as Lighthouse's phone profile takes it: 150 ms round trips, 1.6 Mbit/s down. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/**
 * First and largest contentful paint of a fresh visit (no cache, service worker blocked) on a phone
 * (390x844) over slow 4G emulated by DevTools, with the CPU unthrottled: what the network and the
 * HTML decide, steadier on a busy machine than Lighthouse's CPU-scaled simulation. Medians of 3.
 */
export async function measurePaint(browser: Browser, base: string, path: string): Promise<PaintFigures> {
  const fcp: number[] = [];
  const lcp: number[] = [];
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext({ baseURL: base, serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await page.goto(path, { waitUntil: 'load' });
      await page.waitForTimeout(2000);
      const paint = await page.evaluate(
        () =>
          new Promise<{ fcp: number; lcp: number }>((resolve) => {
            let largest = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) largest = entry.startTime;
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            setTimeout(() => resolve({ fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0, lcp: largest }), 100);
          }),
      );
      fcp.push(paint.fcp);
      lcp.push(paint.lcp);
    } finally {
      await context.close();
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { page: path, fcpMs: median(fcp), lcpMs: median(lcp) };
}
