// The bench's readable table (stdout); the same figures go to bench/results.json.
import type { JsSizeFigures, OfflineFigures, PaintFigures } from './browser';
import { renderColdStart, type ColdStartFigures } from './cold-start';
import type { LoadFigures } from './http-load';
import type { LoginBurstFigures } from './storms/login-burst';
import type { RebuildFigures } from './list-rebuild';
import { renderHungPush, type HungPushFigures } from './storms/hung-push';
import { renderWebhookStorm, type WebhookStormFigures } from './storms/payment-webhooks';
import { renderManyClubs, type ClubsFigures } from './clubs';
import { CLS_TARGET, LONGEST_TASK_TARGET_MS, PERFORMANCE_TARGET, SCORE_TARGET, TBT_TARGET_MS, type ClsFigures, type LighthouseFigures } from './lighthouse';
import { renderOfflineSet, type OfflineSetFigures } from './offline-set';
import type { StormFigures } from './storms/signup-storm';

/** The goal for the largest contentful paint of Home and every public page on a phone over slow 4G. */
const PAINT_GOAL_MS = 1200;

export interface LimiterFigures {
  tries: number;
  statuses: Record<string, number>;
  limiterActive: boolean;
}

export interface BenchResults {
  timestamp: string;
  machine: { cpus: number; cpuModel: string; node: string; platform: string; loadAverageAtStart: number[]; totalMemoryMB: number };
  settings: { connections: number; secondsPerRoute: number; passwordHashLogN: number };
  dataset: Record<string, number>;
  http: LoadFigures[];
  loginLimiter: LimiterFigures | null;
  loginBurst: LoginBurstFigures | null;
  signupStorm: StormFigures | null;
  offlineReplay: OfflineFigures[];
  initialJs: JsSizeFigures[];
  /** First visit on a phone over emulated slow 4G, CPU unthrottled (absent in older results). */
  paint?: PaintFigures[];
  coldStart: ColdStartFigures | null;
  lighthouse: LighthouseFigures[];
  /** Layout shift of a first visit in Chromium, unthrottled, per page and viewport. */
  cls: ClsFigures[];
  /** The forum list's cost after a write (its cache rebuilt), timed in the bench process. */
  listRebuild: RebuildFigures | null;
  /** A password-reset email's time to the mail stub with 20 hung pushes queued, and with none. */
  hungPush: HungPushFigures | null;
  /** 1,000 Stripe webhook deliveries for 500 payments (absent in older results). */
  paymentWebhooks?: WebhookStormFigures | null;
  manyClubs?: ClubsFigures | null;
  /** The offline set a sign-in reads: bytes and server CPU (absent in older results). */
  offlineSet?: OfflineSetFigures | null;
  failures: string[];
  totalSeconds: number;
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const one = (n: number) => n.toFixed(1);
const pad = (s: string, n: number) => s.padEnd(n);
const left = (s: string, n: number) => s.padStart(n);
const verdict = (ok: boolean | null) => (ok === null ? '' : ok ? 'PASS' : 'FAIL');

function answers(statuses: Record<string, number>): string {
  return Object.entries(statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, n]) => `${code}×${n}`)
    .join(' ');
}

/** The ratios the budgets set targets on (docs/bench.md), from the rows of one run. */
export function forumFigures(r: BenchResults) {
  const row = (name: string) => r.http.find((h) => h.name === name);
  const profile = row('GET /api/auth/profile');
  const list = row('GET /api/forum/posts?type=workout');
  const revalidated = row('GET forum list, If-None-Match current');
  const workoutPage = row('GET /api/forum/workouts/{id}');
  if (!profile?.serverCpuMsPerRequest) return null;
  const pageVsProfile = workoutPage?.serverCpuMsPerRequest ? workoutPage.serverCpuMsPerRequest / profile.serverCpuMsPerRequest : null;
  if (!list?.serverCpuMsPerRequest) return { workoutPage: workoutPage ?? null, pageVsProfile, list: null };
  return {
    workoutPage: workoutPage ?? null,
    pageVsProfile,
    list: {
    listVsProfile: list.serverCpuMsPerRequest / profile.serverCpuMsPerRequest,
    listReqPerSec: list.reqPerSec,
    listBytes: list.bytesPerRequest,
    revalidatedVsProfile: revalidated?.serverCpuMsPerRequest ? revalidated.serverCpuMsPerRequest / profile.serverCpuMsPerRequest : null,
    revalidatedBytes: revalidated?.bytesPerRequest ?? null,
    },
  };
}

export function renderTable(r: BenchResults): string {
  const lines: string[] = [];
  const m = r.machine;
  lines.push(
    `Club app bench · ${r.timestamp} · ${m.cpus} CPUs (${m.cpuModel}) · Node ${m.node} · load average at start ${m.loadAverageAtStart.map(one).join(' ')}`,
  );
  const d = r.dataset;
  lines.push(
    `Data: ${int(d.users ?? 0)} users, ${int(d.workouts ?? 0)} workouts (${int(d.workoutSignups ?? 0)} sign-ups, ${int(d.waitlistEntries ?? 0)} waitlisted), ` +
      `${int(d.events ?? 0)} events (${int(d.eventRsvps ?? 0)} RSVPs), ${int(d.races ?? 0)} races (${int(d.raceSignups ?? 0)} sign-ups)`,
  );
  lines.push('');

  const w = 40;
  lines.push(
    `${pad(`HTTP, ${r.settings.connections} connections, ${r.settings.secondsPerRoute} s each`, w)}${left('req/s', 8)}${left('p50 ms', 9)}${left('p99 ms', 9)}${left('CPU ms/req', 12)}${left('bytes/req', 11)}  ${pad('answers', 18)}${left('5xx', 5)}${left('errors', 8)}`,
  );
  for (const h of r.http) {
    const cpu = h.serverCpuMsPerRequest === null || h.serverCpuMsPerRequest === undefined ? '-' : h.serverCpuMsPerRequest.toFixed(3);
    lines.push(
      `${pad(h.name, w)}${left(one(h.reqPerSec), 8)}${left(one(h.p50Ms), 9)}${left(one(h.p99Ms), 9)}${left(cpu, 12)}${left(int(h.bytesPerRequest ?? 0), 11)}  ${pad(answers(h.statuses), 18)}${left(String(h.status5xx), 5)}${left(String(h.errors + h.timeouts), 8)}`,
    );
  }
  const figures = forumFigures(r);
  if (figures?.workoutPage && figures.pageVsProfile !== null) {
    lines.push(
      `workout page CPU/request = ${figures.pageVsProfile.toFixed(2)} x a profile read (target <= 1.5 ${verdict(figures.pageVsProfile <= 1.5)}) · ${one(figures.workoutPage.reqPerSec)} req/s`,
    );
  }
  const f = figures?.list;
  if (f) {
    lines.push(
      `forum list CPU/request = ${f.listVsProfile.toFixed(2)} x a profile read (target <= 2.5 ${verdict(f.listVsProfile <= 2.5)}) · ` +
        `${one(f.listReqPerSec)} req/s (target >= 500 ${verdict(f.listReqPerSec >= 500)})`,
    );
    if (r.listRebuild) {
      const b = r.listRebuild;
      lines.push(
        `after a write: list rebuilt once ${b.buildMs.toFixed(2)} ms (${b.workouts} workouts), then ${b.answerMs.toFixed(2)} ms per distinct answer (JSON, ETag, gzip), in the bench process`,
      );
    }
    if (f.revalidatedVsProfile !== null) {
      lines.push(
        `304 revalidation CPU/request = ${f.revalidatedVsProfile.toFixed(2)} x a profile read (target < 1 ${verdict(f.revalidatedVsProfile < 1)}) · ` +
          `${int(f.revalidatedBytes!)} bytes per 304 vs ${int(f.listBytes)} per full answer`,
      );
    }
  }
  if (r.loginLimiter) {
    const l = r.loginLimiter;
    lines.push(
      `${pad(`login limiter, one client address`, w)}${l.tries} tries: ${answers(l.statuses)} → ${l.limiterActive ? 'limiter active' : 'LIMITER NOT SEEN'}`,
    );
  }
  if (r.loginBurst) {
    const b = r.loginBurst;
    lines.push(
      `${pad('workout read during 20 sign-ins (2^17)', w)}p50 ${one(b.p50AloneMs)} ms alone → ${one(b.p50DuringBurstMs)} ms during (×${b.ratio.toFixed(2)}, budget ≤ ×3 and < 100 ms) ${verdict(b.ok)} · sign-ins ${answers(b.loginStatuses)} in ${int(b.burstWallMs)} ms`,
    );
  }
  lines.push('');
  const offline = renderOfflineSet(r.offlineSet);
  if (offline.length > 0) lines.push(...offline, '');

  const s = r.signupStorm;
  if (s) {
    lines.push(`${int(s.members)} concurrent sign-ups on capacity ${s.capacity}${left(verdict(s.ok), 40)}`);
    lines.push(
      `  signed up ${s.signedUp} · refused (full) ${s.refusedFull} · waitlisted ${s.waitlisted} · places 1..${s.refusedFull} ${s.positionsAreOneToN ? 'yes' : 'NO'} · ` +
        `5xx ${s.status5xx} · connection errors ${s.connectionErrors}${Object.keys(s.otherAnswers).length ? ` · other ${JSON.stringify(s.otherAnswers)}` : ''}`,
    );
    lines.push(
      `  wall time: sign-ups ${int(s.signupWallMs)} ms · waitlist joins ${int(s.waitlistWallMs)} ms · database: ${s.database.signups} signed up, ${s.database.waitlist} waitlisted`,
    );
    const one = s.oneRequest;
    if (one) {
      const two = s.signupWallMs + s.waitlistWallMs;
      lines.push(
        `  one request each (waitlistIfFull) ${verdict(one.ok)}: signed up ${one.signedUp} · waitlisted ${one.waitlisted} · places 1..${one.waitlisted} ${one.positionsAreOneToN ? 'yes' : 'NO'} · ` +
          `5xx ${one.status5xx} · connection errors ${one.connectionErrors}${Object.keys(one.otherAnswers).length ? ` · other ${JSON.stringify(one.otherAnswers)}` : ''}`,
      );
      lines.push(
        `  wall time: one request ${int(one.wallMs)} ms vs two requests ${int(two)} ms (x${(one.wallMs / two).toFixed(2)}) · 5xx ${one.status5xx} vs ${s.status5xx} · database: ${one.database.signups} signed up, ${one.database.waitlist} waitlisted`,
      );
    }
    lines.push('');
  }

  if (r.offlineReplay.length > 0) {
    lines.push(`${pad('Offline replay of 100 ops (Chromium)', w)}${left('ms', 8)}  budget       exactly once  indicator after`);
    for (const o of r.offlineReplay) {
      lines.push(
        `${pad(`replay while on ${o.page}`, w)}${left(int(o.replayMs), 8)}  < ${int(o.budgetMs)} ${pad(verdict(o.ok), 5)} ${pad(o.exactlyOnce ? 'yes' : 'NO', 13)} "${o.indicatorAfter}"`,
      );
    }
    lines.push('');
  }

  if (r.initialJs.length > 0) {
    lines.push(`${pad('Initial JS (on the wire, until network idle)', w)}${left('requests', 9)}${left('raw KB', 9)}${left('gzip KB', 9)}${left('wire KB', 9)}  budget (wire)`);
    for (const j of r.initialJs) {
      const budget = j.budgetKB === null ? 'reported (signed-in page)' : `≤ ${j.budgetKB} KB  ${verdict(j.withinBudget)}`;
      lines.push(`${pad(`${j.page}${j.signedIn ? ' (signed in)' : ''}`, w)}${left(String(j.files.length), 9)}${left(one(j.rawKB), 9)}${left(one(j.gzipKB), 9)}${left(one(j.wireKB ?? 0), 9)}  ${budget}`);
      if (j.aheadOfTime) {
        const names = j.aheadOfTime.files.map((f) => f.url.replace(/^\/assets\//, '')).join(', ');
        lines.push(`${pad('  then, idle, ahead of time', w)}${left(String(j.aheadOfTime.files.length), 9)}${left('', 9)}${left('', 9)}${left(one(j.aheadOfTime.wireKB), 9)}  (${names})`);
      }
    }
    lines.push('');
  }

  if (r.paint && r.paint.length > 0) {
    lines.push(`${pad('First visit, phone on slow 4G (DevTools)', w)}${left('FCP ms', 8)}${left('LCP ms', 8)}  goal: LCP <= ${PAINT_GOAL_MS} ms on /`);
    for (const p of r.paint) {
      const goal = p.page === '/' ? `  ${verdict(p.lcpMs <= PAINT_GOAL_MS)}` : '';
      lines.push(`${pad(p.page, w)}${left(int(p.fcpMs), 8)}${left(int(p.lcpMs), 8)}${goal}`);
    }
    lines.push('');
  }

  lines.push(renderColdStart(r.coldStart), '');
  lines.push(renderHungPush(r.hungPush ?? null), '');
  lines.push(renderWebhookStorm(r.paymentWebhooks ?? null), '');
  lines.push(renderManyClubs(r.manyClubs ?? null), '');
  if (r.lighthouse?.length > 0) {
    lines.push(
      `${pad('Lighthouse, phone profile', w)}${left('perf', 6)}${left('a11y', 6)}${left('best', 6)}${left('SEO', 6)}${left('CLS', 8)}${left('LCP ms', 8)}${left('TBT ms', 8)}${left('task ms', 9)}${left('TTI ms', 8)}${left('index', 7)}` +
        `  targets: perf >= ${PERFORMANCE_TARGET}, others >= ${SCORE_TARGET}, CLS <= ${CLS_TARGET}; LCP <= ${PAINT_GOAL_MS}; TBT <= ${TBT_TARGET_MS}, no task over ${LONGEST_TASK_TARGET_MS}`,
    );
    for (const l of r.lighthouse) {
      const s = l.scores;
      const score = (v: number | null) => (v === null ? '-' : v.toFixed(2));
      const ms = (v: number | null | undefined) => (v === null || v === undefined ? '-' : int(v));
      const ok =
        s.performance !== null &&
        s.performance >= PERFORMANCE_TARGET &&
        [s.accessibility, s['best-practices'], s.seo].every((v) => v !== null && v >= SCORE_TARGET) &&
        l.cls !== null &&
        l.cls <= CLS_TARGET;
      const quiet = l.tbtMs !== null && l.tbtMs !== undefined && l.tbtMs <= TBT_TARGET_MS && (l.longestTaskMs ?? Infinity) <= LONGEST_TASK_TARGET_MS;
      lines.push(
        `${pad(l.page, w)}${left(score(s.performance), 6)}${left(score(s.accessibility), 6)}${left(score(s['best-practices']), 6)}${left(score(s.seo), 6)}` +
          `${left(l.cls === null ? '-' : l.cls.toFixed(3), 8)}${left(ms(l.lcpMs), 8)}${left(ms(l.tbtMs), 8)}${left(ms(l.longestTaskMs), 9)}${left(ms(l.ttiMs), 8)}${left(ms(l.benchmarkIndex), 7)}` +
          `  ${verdict(ok)} ${verdict(l.lcpMs !== null && l.lcpMs <= PAINT_GOAL_MS)} ${verdict(quiet)}`,
      );
    }
    lines.push('');
  }

  if (r.cls?.length > 0) {
    const pages = [...new Set(r.cls.map((c) => c.page))];
    const viewports = [...new Set(r.cls.map((c) => c.viewport))];
    lines.push(`${pad('CLS, first visit in Chromium (unthrottled)', w)}${viewports.map((v) => left(v, 10)).join('')}`);
    for (const page of pages) {
      const cells = viewports.map((v) => {
        const c = r.cls.find((x) => x.page === page && x.viewport === v);
        return left(c ? c.cls.toFixed(3) : '-', 10);
      });
      lines.push(`${pad(page, w)}${cells.join('')}  ${verdict(r.cls.filter((x) => x.page === page).every((x) => x.cls <= CLS_TARGET))}`);
    }
    lines.push('');
  }

  if (r.failures.length > 0) {
    lines.push('Failures:');
    for (const f of r.failures) lines.push(`  - ${f}`);
    lines.push('');
  }
  lines.push(`Total ${one(r.totalSeconds)} s. Figures from one shared machine: compare ratios within a run, not absolute numbers across machines.`);
  return lines.join('\n');
}
