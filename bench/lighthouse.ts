// Lighthouse (phone profile, its defaults: Moto G Power emulation, simulated slow 4G and 4x CPU) and
// layout shift in Debian's Chromium for every public page, served by the real server with gzip.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Browser } from 'playwright-core';
import { PUBLIC_PAGES as CLUB_PUBLIC_PAGES } from '../domain/contract/club/public-pages';
import { CHROMIUM_ARGS } from './browser';

/** Every public page of the app's one list, and one team profile standing for `/profile/{role}/{name}`. */
export const PUBLIC_PAGES: readonly string[] = [...CLUB_PUBLIC_PAGES.map((p) => p.path), '/profile/swim-coach/maya-chen'];
/**
 * Public screens measured for their first download only: the reset page opens from an email link
 * (with a token, here one that does not exist), and is not a page for Lighthouse's SEO audit.
 */
export const JS_ONLY_PUBLIC_PAGES = ['/reset-password?token=bench-not-a-token'] as const;
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Accessibility, best practices and SEO; performance has its own, higher target. */
export const SCORE_TARGET = 0.95;
export const PERFORMANCE_TARGET = 0.97;
export const CLS_TARGET = 0.02;
/** A quiet main thread while the app takes a page over: total blocking time, and no task longer than this. */
export const TBT_TARGET_MS = 150;
export const LONGEST_TASK_TARGET_MS = 100;
/** Tries per page when Lighthouse could not record the load. */
const TRIES = 3;

export interface LighthouseFigures {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  /** Cumulative layout shift of the Lighthouse load (phone, throttled). */
  cls: number | null;
  lcpMs: number | null;
  /** Total blocking time and the longest main-thread task, as simulated on the phone (4x slower CPU). */
  tbtMs: number | null;
  longestTaskMs: number | null;
  /** Time to interactive, simulated. */
  ttiMs: number | null;
  /**
   * Lighthouse's measure of this machine's speed during the load (higher is faster). The simulation
   * multiplies the main-thread time it observes by 4: a machine busy with other work gives a lower
   * index and longer tasks, blocking time and time to interactive for the same app.
   */
  benchmarkIndex: number | null;
  /** Audits that kept a category below 1, for the reader to follow up. */
  failing: string[];
}

export interface ClsFigures {
  page: string;
  viewport: string;
  cls: number;
}

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

export async function runLighthouse(base: string, pages: readonly string[] = PUBLIC_PAGES): Promise<LighthouseFigures[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const figures: LighthouseFigures[] = [];
  try {
    for (const page of pages) {
      // A trace that failed to record (NO_NAVSTART, now and then in this Chromium) is taken again.
      let result = null;
      for (let attempt = 1; attempt <= TRIES; attempt++) {
        result = await lighthouse(`${base}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result?.lhr.runtimeError) break;
      }
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      // BENCH_LIGHTHOUSE_REPORTS=<folder>: each page's whole report, to follow up an audit.
      const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
      if (reports) {
        mkdirSync(reports, { recursive: true });
        writeFileSync(join(reports, `${page.replace(/[^a-z0-9]+/gi, '_') || 'home'}.json`), JSON.stringify(result.lhr));
      }
      const { categories, audits } = result.lhr;
      const failing = new Set<string>();
      // A category without a score (the page never painted for it, the trace failed): say why.
      if (result.lhr.runtimeError) failing.add(`runtime: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      for (const id of ['largest-contentful-paint', 'first-contentful-paint']) {
        const audit = audits[id];
        if (audit?.errorMessage) failing.add(`${id}: ${audit.errorMessage}`);
      }
      for (const category of CATEGORIES) {
        for (const ref of categories[category]?.auditRefs ?? []) {
          const audit = audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) failing.add(`${category}: ${ref.id} (${audit.displayValue ?? audit.score})`);
        }
      }
      figures.push({
        page,
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, categories[c]?.score ?? null])) as LighthouseFigures['scores'],
        cls: audits['cumulative-layout-shift']?.numericValue ?? null,
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? null,
        tbtMs: audits['total-blocking-time']?.numericValue ?? null,
        longestTaskMs: longestTask(audits['long-tasks']),
        ttiMs: audits.interactive?.numericValue ?? null,
        benchmarkIndex: result.lhr.environment?.benchmarkIndex ?? null,
        failing: [...failing],
      });
    }
  } finally {
    chrome.kill();
  }
  return figures;
}

/** The longest main-thread task the audit lists (it lists those of 50 ms and more): 0 when none is. */
function longestTask(audit: { details?: unknown } | undefined): number | null {
  if (!audit) return null;
  const items = (audit.details as { items?: { duration?: number }[] } | undefined)?.items ?? [];
  return items.reduce((n, item) => Math.max(n, item.duration ?? 0), 0);
}

/** Layout shift of a first visit, unthrottled, at a phone's and a laptop's size (no service worker). */
export async function measureCls(browser: Browser, base: string, pages: readonly string[] = PUBLIC_PAGES): Promise<ClsFigures[]> {
  const figures: ClsFigures[] = [];
  for (const [viewport, size] of [
    ['390x844', { width: 390, height: 844 }],
    ['1280x800', { width: 1280, height: 800 }],
  ] as const) {
    const context = await browser.newContext({ baseURL: base, viewport: size, serviceWorkers: 'block' });
    try {
      for (const path of pages) {
        const page = await context.newPage();
        await page.addInitScript(() => {
          const w = window as unknown as { __cls: number };
          w.__cls = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
              if (!entry.hadRecentInput) w.__cls += entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(path, { waitUntil: 'networkidle' });
        await page.waitForTimeout(1000);
        const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
        figures.push({ page: path, viewport, cls });
        await page.close();
      }
    } finally {
      await context.close();
    }
  }
  return figures;
}
