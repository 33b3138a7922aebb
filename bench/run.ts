// `npm run bench`: seeds a club into a temp database, starts the real server as a child process on
// loopback and measures what the budgets of docs/bench.md cover. How to read the figures: docs/bench.md.
import { addLanesToQuarter } from './lanes';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { REPO_ROOT, freePort, startServer, type ChildServer } from '../api/testing/child-server';
import { ensureBuilt } from '../scripts/build-state.mjs';
import { newJwtSecret, tokensFor } from '../api/testing/seeded-database';
import { makeAgent, requestJson } from '../api/testing/json-client';
import { loginBurst } from './storms/login-burst';
import { measureColdStart } from './cold-start';
import { launchChromium, measureInitialJs, measureOfflineReplay, measurePaint, signInByApi, type Session } from './browser';
import { measureListRebuild } from './list-rebuild';
import { measureHungPush } from './storms/hung-push';
import { measureWebhookStorm } from './storms/payment-webhooks';
import { measureManyClubs } from './clubs';
import { measureOfflineSet } from './offline-set';
import { CLS_TARGET, JS_ONLY_PUBLIC_PAGES, PUBLIC_PAGES, SCORE_TARGET, measureCls, runLighthouse } from './lighthouse';
import {
  forumList,
  forumListRevalidated,
  login,
  profileRead,
  raceList,
  signupToggle,
  workoutDetail,
  type LoadFigures,
  type LoadSettings,
} from './http-load';
import { renderTable, type BenchResults, type LimiterFigures } from './report';
import { BENCH_LOG_N, BENCH_PASSWORD, COUNTS, seedBenchDatabase } from './seed';
import { oneRequestStorm, signupStorm } from './storms/signup-storm';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LOGIN_LIMIT_TRIES = 40;
/**
 * `BENCH_ONLY=initial-js` measures only the first download of a public page and of /forum signed in;
 * `BENCH_ONLY=lighthouse` only Lighthouse on the public pages (both quick checks while working);
 * `BENCH_ONLY=payments` only the Stripe webhook storm (its own club and server, payments connected);
 * `BENCH_ONLY=hung-push` only the password-reset email with hung pushes (its own small club and server);
 * `BENCH_ONLY=offline-set` only the offline set a sign-in reads (its bytes, and its CPU beside a profile read).
 * `BENCH_ONLY=storm` only the 1,000 sign-ups on 10 places, the two-request and the one-request way;
 * `BENCH_ONLY=workout-page` only a workout's page beside a profile read (req/s, server CPU per request);
 * `BENCH_ONLY=lanes` only the forum list without lanes, then with lanes on a quarter of the workouts;
 * `BENCH_ONLY=clubs` only the 200 clubs on one process (memory per idle club, a cold club's open, the forum list with 1 vs 200 active);
 * `BENCH_PAGES=/,/faq` limits Lighthouse to those public pages (a quick look at one page).
 */
const ONLY_INITIAL_JS = process.env.BENCH_ONLY === 'initial-js';
const ONLY_LIGHTHOUSE = process.env.BENCH_ONLY === 'lighthouse';
const ONLY_HUNG_PUSH = process.env.BENCH_ONLY === 'hung-push';
const ONLY_PAYMENTS = process.env.BENCH_ONLY === 'payments';
const ONLY_OFFLINE_SET = process.env.BENCH_ONLY === 'offline-set';
const ONLY_STORM = process.env.BENCH_ONLY === 'storm';
const ONLY_WORKOUT_PAGE = process.env.BENCH_ONLY === 'workout-page';
const ONLY_LANES = process.env.BENCH_ONLY === 'lanes';
const ONLY_CLUBS = process.env.BENCH_ONLY === 'clubs';

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
const started = performance.now();

// Held in an object so cleanUp (and a signal) always sees the live ones.
const running: { server: ChildServer | null; browser: Browser | null } = { server: null, browser: null };
const dataDir = mkdtempSync(join(os.tmpdir(), 'club-bench-'));

async function cleanUp(): Promise<void> {
  await running.browser?.close().catch(() => {});
  running.browser = null;
  await running.server?.stop().catch(() => {});
  running.server = null;
  rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping the server and removing ${dataDir}`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** The limiter must still bite for one address: 30 failed sign-ins per 15 minutes, then 429. */
async function checkLoginLimiter(base: string): Promise<LimiterFigures> {
  const agent = makeAgent(1);
  const statuses: Record<string, number> = {};
  try {
    for (let i = 0; i < LOGIN_LIMIT_TRIES; i++) {
      const res = await requestJson(agent, `${base}/api/auth/login`, {
        method: 'POST',
        body: { email: `nobody${i}@club.test`, password: 'wrong-password' },
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  } finally {
    agent.destroy();
  }
  return { tries: LOGIN_LIMIT_TRIES, statuses, limiterActive: (statuses['429'] ?? 0) > 0 && statuses['401'] === 30 };
}

async function main(): Promise<number> {
  process.chdir(REPO_ROOT);
  const results: BenchResults = {
    timestamp: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      loadAverageAtStart: os.loadavg(),
      totalMemoryMB: Math.round(os.totalmem() / 1024 / 1024),
    },
    settings: { connections: CONNECTIONS, secondsPerRoute: SECONDS, passwordHashLogN: BENCH_LOG_N },
    dataset: {},
    http: [],
    loginLimiter: null,
    loginBurst: null,
    signupStorm: null,
    offlineReplay: [],
    lighthouse: [],
    cls: [],
    listRebuild: null,
    hungPush: null,
    paymentWebhooks: null,
    manyClubs: null,
    offlineSet: null,
    initialJs: [],
    paint: [],
    coldStart: null,
    failures: [],
    totalSeconds: 0,
  };
  const { failures } = results;

  /** Runs one measurement; a failure is recorded and the others still run. */
  async function phase(name: string, body: () => Promise<void>): Promise<void> {
    log(`${name}…`);
    try {
      await body();
    } catch (err) {
      failures.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
      log(`${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    }
  }

  // The server under test is the compiled one (dist-server/), as `npm start` runs it.
  ensureBuilt({ log });
  if (ONLY_HUNG_PUSH) {
    await hungPushPhase();
    return finish();
  }
  if (ONLY_PAYMENTS) {
    await paymentsPhase();
    return finish();
  }
  if (ONLY_CLUBS) {
    await clubsPhase();
    return finish();
  }
  const databasePath = join(dataDir, 'club.db');
  log(`seeding ${databasePath}…`);
  const fixture = await seedBenchDatabase(databasePath);
  results.dataset = fixture.rows;

  const jwtSecret = newJwtSecret();
  // Before the server under load starts, so the starts measured have the machine to themselves.
  if (!ONLY_INITIAL_JS && !ONLY_LIGHTHOUSE && !ONLY_OFFLINE_SET && !ONLY_STORM && !ONLY_WORKOUT_PAGE && !ONLY_LANES) await phase('cold start, compiled vs tsx', async () => {
    results.coldStart = await measureColdStart(databasePath, jwtSecret);
  });
  const server = await startServer({
    databasePath,
    port: await freePort(),
    jwtSecret,
    // TRUST_PROXY lets the login load come from many client addresses (X-Forwarded-For), as it
    // would behind a proxy; the limiter itself is untouched (checked below for one address).
    env: { NODE_ENV: 'production', PASSWORD_HASH_LOG_N: String(BENCH_LOG_N), TRUST_PROXY: '1' },
  });
  running.server = server;
  const base = server.url;
  log(`server on ${base}`);
  const memberTokens = await tokensFor(jwtSecret, fixture.memberIds);
  const settings: LoadSettings = { base, connections: CONNECTIONS, seconds: SECONDS, serverPid: server.pid };

  if (ONLY_INITIAL_JS) {
    await phase('initial JS', async () => {
      const browser = await launchChromium();
      running.browser = browser;
      const session = await signInByApi(base, fixture.offlineMembers[0]!.email, BENCH_PASSWORD);
      await measureBothInitialJs(browser, base, session);
    });
    return finish();
  }
  if (ONLY_LIGHTHOUSE) {
    await lighthousePhase();
    return finish();
  }
  if (ONLY_OFFLINE_SET) {
    await offlineSetPhase();
    return finish();
  }
  if (ONLY_STORM) {
    await stormPhase();
    return finish();
  }

  // Warm-up (not reported): JIT, SQLite page cache.
  await forumList({ ...settings, seconds: 1 }, memberTokens);

  const http = async (run: () => Promise<LoadFigures>) => {
    const figures = await run();
    results.http.push(figures);
    if (figures.status5xx > 0) failures.push(`${figures.name}: ${figures.status5xx} answers were 5xx`);
    if (figures.errors + figures.timeouts > 0) failures.push(`${figures.name}: ${figures.errors} errors, ${figures.timeouts} timeouts`);
  };
  await profileRead({ ...settings, seconds: 1 }, memberTokens);
  await phase('GET profile (baseline)', () => http(() => profileRead(settings, memberTokens)));
  if (ONLY_WORKOUT_PAGE) {
    await phase('GET workout detail', () => http(() => workoutDetail(settings, memberTokens, fixture.workoutIds)));
    return finish();
  }
  if (ONLY_LANES) {
    await phase('GET forum list', () => http(() => forumList(settings, memberTokens)));
    await phase('GET forum list, lanes on a quarter', async () => {
      const laned = addLanesToQuarter(databasePath);
      await forumList({ ...settings, seconds: 1 }, memberTokens);
      await http(async () => ({ ...(await forumList(settings, memberTokens)), name: `GET forum list, lanes on ${laned} workouts (1 in 4)` }));
    });
    return finish();
  }
  await phase('GET forum list', () => http(() => forumList(settings, memberTokens)));
  await phase('forum list rebuild', async () => {
    results.listRebuild = measureListRebuild(databasePath, fixture.memberIds);
  });
  await phase('GET forum list, revalidated', async () => {
    await http(() => forumListRevalidated(settings, memberTokens));
    const row = results.http.at(-1)!;
    if (Object.keys(row.statuses).some((code) => code !== '304')) failures.push(`forum list revalidation: answers other than 304: ${JSON.stringify(row.statuses)}`);
  });
  await phase('GET workout detail', () => http(() => workoutDetail(settings, memberTokens, fixture.workoutIds)));
  await phase('GET races (member)', () => http(() => raceList(settings, memberTokens)));
  await phase('GET races (visitor)', () => http(() => raceList(settings, null)));
  await offlineSetPhase();
  await phase('POST login', () => http(() => login(settings, fixture.memberEmails, BENCH_PASSWORD)));
  await phase('signup/cancel toggles', async () => {
    if (memberTokens.length < CONNECTIONS) throw new Error('fewer members than connections');
    await http(() => signupToggle(settings, memberTokens, fixture.toggleWorkoutIds));
    const toggles = results.http.at(-1)!;
    const refused = Object.entries(toggles.statuses).filter(([code]) => code !== '200');
    if (refused.length > 0) failures.push(`signup/cancel toggles: answers other than 200: ${JSON.stringify(Object.fromEntries(refused))}`);
  });
  await phase('login limiter check', async () => {
    results.loginLimiter = await checkLoginLimiter(base);
    if (!results.loginLimiter.limiterActive) failures.push(`login limiter: expected 30×401 then 429, got ${JSON.stringify(results.loginLimiter.statuses)}`);
  });
  await phase('login burst', async () => {
    results.loginBurst = await loginBurst(base, databasePath, memberTokens[0]!, fixture.workoutIds[0]!);
  });

  await stormPhase();

  await hungPushPhase();

  await paymentsPhase();

  await clubsPhase();

  await phase('browser measurements', async () => {
    const browser = await launchChromium();
    running.browser = browser;
    // On /forum (what the budget is about) and on the home page, where no list is on screen: the
    // difference is what the screen's own reloads cost during a replay.
    const pages = ['/forum', '/'];
    const sessions = [];
    for (const [i, page] of pages.entries()) {
      const session = await signInByApi(base, fixture.offlineMembers[i]!.email, BENCH_PASSWORD);
      sessions.push(session);
      const figures = await measureOfflineReplay(browser, base, session, fixture.offlineTargets, databasePath, page);
      results.offlineReplay.push(figures);
      if (!figures.exactlyOnce) failures.push(`offline replay on ${page}: effects or keys not exactly once`);
    }
    await measureBothInitialJs(browser, base, sessions[0]!);
    results.cls = await measureCls(browser, base);
  });

  if (process.env.BENCH_LIGHTHOUSE !== '0') await lighthousePhase();
  return finish();

  /** 1,000 members on 10 places: the older app's two requests, then one request each, on another workout. */
  async function stormPhase(): Promise<void> {
    await phase('1,000 concurrent sign-ups', async () => {
      const tokens = await tokensFor(jwtSecret, fixture.stormMemberIds);
      const storm = await signupStorm(base, tokens, fixture.stormWorkoutId, COUNTS.stormCapacity, databasePath);
      results.signupStorm = storm;
      if (!storm.ok) failures.push('1,000 concurrent sign-ups: the figures are not 10 / 990 / 1..990 / no 5xx');
      storm.oneRequest = await oneRequestStorm(base, tokens, fixture.oneRequestStormWorkoutId, COUNTS.stormCapacity, databasePath);
      if (!storm.oneRequest.ok) failures.push('1,000 concurrent one-request sign-ups: the figures are not 10 / 990 / 1..990 / no 5xx');
    });
  }

  /** The offline set per sign-in: its bytes, and its server CPU beside a profile read of the same run. */
  async function offlineSetPhase(): Promise<void> {
    await phase('offline set per sign-in', async () => {
      const execTokens = await tokensFor(jwtSecret, fixture.execIds);
      const figures = await measureOfflineSet(settings, memberTokens, execTokens);
      results.offlineSet = figures;
      for (const row of [figures.member, figures.exec]) {
        if (row.status5xx > 0) failures.push(`${row.name}: ${row.status5xx} answers were 5xx`);
        if (row.errors + row.timeouts > 0) failures.push(`${row.name}: ${row.errors} errors, ${row.timeouts} timeouts`);
      }
      if (figures.sizes.some((s) => s.revalidatedStatus !== 304)) failures.push('offline set: a revalidation with the current ETag was not a 304');
    });
  }

  /** A budget: a miss shows as FAIL in the table. */
  async function hungPushPhase(): Promise<void> {
    await phase('password-reset email with hung pushes', async () => {
      results.hungPush = await measureHungPush(join(dataDir, 'hung-push'));
    });
  }

  async function clubsPhase(): Promise<void> {
    await phase('200 clubs on one process', async () => {
      results.manyClubs = await measureManyClubs(join(dataDir, 'clubs'), { connections: CONNECTIONS, seconds: SECONDS });
      if (results.manyClubs.errors > 0) failures.push(`200 clubs: ${results.manyClubs.errors} forum list answers other than 200`);
    });
  }

  async function paymentsPhase(): Promise<void> {
    await phase('Stripe webhook storm', async () => {
      results.paymentWebhooks = await measureWebhookStorm(join(dataDir, 'payments'));
      if (!results.paymentWebhooks.ok) failures.push(`Stripe webhook storm: ${results.paymentWebhooks.paid} paid and ${results.paymentWebhooks.receipts} receipts for ${results.paymentWebhooks.payments} payments, answers ${JSON.stringify(results.paymentWebhooks.statuses)}`);
    });
  }

  /** Budgets, not correctness: a miss shows as FAIL in the table and leaves the exit code alone. */
  async function lighthousePhase(): Promise<void> {
    await phase('Lighthouse', async () => {
      const only = process.env.BENCH_PAGES?.split(',').filter(Boolean);
      results.lighthouse = await runLighthouse(base, only?.length ? only : PUBLIC_PAGES);
      for (const l of results.lighthouse) {
        const low = Object.entries(l.scores).filter(([, score]) => score === null || score < SCORE_TARGET);
        if (low.length > 0 || (l.cls ?? 1) > CLS_TARGET) log(`Lighthouse ${l.page}: below target: ${l.failing.join('; ')}`);
      }
    });
  }

  /** The two first-download budgets: every public page signed out, and /forum signed in. */
  async function measureBothInitialJs(browser: Browser, base: string, session: Session): Promise<void> {
    for (const page of [...PUBLIC_PAGES, ...JS_ONLY_PUBLIC_PAGES]) results.initialJs.push(await measureInitialJs(browser, base, page, null));
    results.initialJs.push(await measureInitialJs(browser, base, '/forum', session));
    for (const page of PUBLIC_PAGES) (results.paint ??= []).push(await measurePaint(browser, base, page));
  }

  function finish(): number {
  results.totalSeconds = (performance.now() - started) / 1000;
  writeFileSync(join(REPO_ROOT, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`\n${renderTable(results)}\n`);
  log('figures written to bench/results.json');
  // Correctness failures fail the run; a budget that is missed is reported in the table only.
  return failures.length > 0 ? 1 : 0;
  }
}

let code = 1;
try {
  code = await main();
} catch (err) {
  log(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  if (running.server) log(`server output:\n${running.server.output()}`);
} finally {
  await cleanUp();
}
process.exit(code);
