// The outbox's own code arrives on demand. Two ways a member's change was lost because of that, on a
// first visit (before the service worker keeps the app's files): the file's fetch failed once and
// every later change in that tab failed with it; and a change made offline before the file had ever
// been fetched could not be kept. Both are played here in a real browser against the compiled server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type ChildServer } from '../testing/child-server';
import { outboxFile } from './support/built-files';
import { WARMED_MARK } from '../../domain/contract/page-timeline';
import { newJwtSecret, prepareDatabase } from '../testing/seeded-database';
import { addEvents, signInFixtureMember } from './support/member-events';

describe('the outbox loaded on demand', () => {
  let dir = '';
  let server: ChildServer | null = null;
  let browser: Browser | null = null;
  let base = '';
  let databasePath = '';
  let memberId = 0;
  let session: { token: string; user: string } = { token: '', user: '' };
  const eventIds: number[] = [];
  let isOutboxFile: (url: URL | string) => boolean = () => false;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'club-fault-outbox-load-'));
    const file = outboxFile();
    isOutboxFile = (url) => new URL(url).pathname === file;
    databasePath = join(dir, 'club.db');
    const fixture = await prepareDatabase(databasePath, { members: 1, workouts: 0, races: 0 });
    memberId = fixture.memberIds[0]!;
    eventIds.push(...addEvents(databasePath, memberId, 2, 'Social'));
    const port = await freePort();
    server = await startServer({ databasePath, port, jwtSecret: newJwtSecret(), env: { PASSWORD_HASH_LOG_N: '10' } });
    base = `http://127.0.0.1:${port}`;
    const answer = await signInFixtureMember(base);
    session = { token: answer.token, user: JSON.stringify(answer.user) };
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const answerOnServer = (eventId: number): string | null => {
    const db = new Database(databasePath, { readonly: true, fileMustExist: true });
    try {
      const row = db.prepare('select status from event_rsvps where user_id = ? and post_id = ?').get(memberId, eventId) as { status: string } | undefined;
      return row?.status ?? null;
    } finally {
      db.close();
    }
  };

  const until = async (check: () => boolean, what: string) => {
    const by = Date.now() + 20_000;
    while (!check()) {
      if (Date.now() > by) throw new Error(`waited 20 s for ${what}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  /** A first visit of a signed-in member, with no service worker to keep the app's files. */
  async function firstVisit(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser!.newContext({ baseURL: base, serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
    await context.addInitScript(([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    }, [session.token, session.user] as const);
    return { context, page: await context.newPage() };
  }

  it('a change after the outbox file failed to load once still reaches the club', async () => {
    const { context, page } = await firstVisit();
    try {
      let refused = 0;
      await page.route(isOutboxFile, (route) => {
        if (refused === 0) {
          refused += 1;
          return route.abort('connectionreset');
        }
        return route.continue();
      });
      await page.goto(`/event/${eventIds[0]}`);
      await page.getByRole('button', { name: 'Going', exact: true }).click();
      await page.getByRole('button', { name: 'Maybe', exact: true }).click();
      await until(() => answerOnServer(eventIds[0]!) === 'maybe', 'the last answer on the server');
      expect(refused).toBe(1);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('a change made offline after an online first visit is kept and replayed once back online', async () => {
    const { context, page } = await firstVisit();
    try {
      await page.goto(`/event/${eventIds[1]}`, { timeout: 30_000 });
      await page.getByRole('button', { name: 'Going', exact: true }).waitFor({ timeout: 20_000 });
      // The member does nothing: once idle, the page fetches the outbox's files, its own and Dexie's
      // (a file of its own, still on its way when the outbox's file has arrived).
      await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, WARMED_MARK, { timeout: 30_000 });
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Not Going', exact: true }).click({ timeout: 10_000 });
      await expect.poll(() => page.getByRole('button', { name: 'Not Going', exact: true }).getAttribute('aria-pressed', { timeout: 2_000 }), { timeout: 10_000 }).toBe('true');
      expect(answerOnServer(eventIds[1]!)).toBeNull();
      await context.setOffline(false);
      await until(() => answerOnServer(eventIds[1]!) === 'not_going', 'the queued answer on the server');
    } finally {
      await context.close();
    }
  }, 120_000);
});
