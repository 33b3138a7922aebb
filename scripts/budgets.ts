// The first-download budgets, held by the build (docs/decisions/0139): `vite build` fails when a page
// a visitor lands on would download more than 90 KB of JavaScript, or /forum signed in more than
// 120 KB, when a visitor's page downloads a screen or a library it must not, or when chunks import
// each other. Counted as the bench counts a cold visit in Chromium: each file as the server sends it
// to a browser (the build's Brotli copy, or the file when that is not smaller) plus its answer's
// headers, for the entry and everything it imports, the page's own screen chunks and everything they
// import, and the small script that starts a rendered page. The same reckoning names, for the server,
// the files each page preloads with its HTML (`.vite/pages.json`, api/pages/static.ts).
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Plugin } from 'vite';
import { FORM_PAGES, SCREEN_MODULES, VISITOR_PAGES } from '../api/pages/screens';

/** A public page's budget and the forum's, in KB (1,024 bytes) on the wire. */
export const PUBLIC_BUDGET_KB = 90;
export const SIGNED_IN_FORUM_BUDGET_KB = 120;
/**
 * What one file's answer costs on the wire besides its body: the status line and headers of a built,
 * hashed script (type, encoding, vary, a year's cache, nosniff, resource policy, length, date,
 * keep-alive), 345 bytes in the bench's runs; the script that starts a rendered page is revalidated
 * (the date it changed instead of a year's cache). Each file a page fetches pays it: fewer files,
 * fewer of them.
 */
export const HEADER_BYTES = 345;
export const START_HEADER_BYTES = 363;

/** The build's list of what each page fetches with its HTML besides the entry's (api/pages/static.ts). */
export const PAGES_FILE = '.vite/pages.json';

/**
 * Modules no public page may download first, whatever screen pulls them in: the libraries of a
 * signed-in user's data layer, device database and forms (a visitor's forms load them on first touch).
 */
const SIGNED_IN_LIBRARIES = /[\\/]node_modules[\\/](?:@tanstack|react-hook-form|@hookform|zod|dexie|@simplewebauthn)[\\/]/;

/** The script a rendered page starts the app with (served from pwa/public). */
const APP_START = 'app-start.js';

export interface BuiltChunk {
  file: string;
  /** The app's entry (index.html's script). */
  entry: boolean;
  /** Chunks it imports statically (fetched with it). */
  imports: readonly string[];
  /** Modules in it that load only on demand (`import()`, never imported statically): screens, dialogs, the members' area. */
  lazyRoots: readonly string[];
  /** Every module in it: the app's relative to pwa/ (`features/forum/forum-page.tsx`), libraries by their path. */
  modules: readonly string[];
  /** The stylesheets it loads. */
  styles: readonly string[];
  /** Its body as the server sends it to a browser. */
  wireBytes: number;
}

export interface PageBudget {
  path: string;
  /** The modules of its screen, loaded on demand by the router (relative to pwa/). */
  screens: readonly string[];
  budgetKB: number;
  /** Whether a visitor lands on it (no member-only module may be in its download). */
  visitor: boolean;
  /** Whether the server renders it and starts the app after its first paint (app-start.js). */
  startsAfterPaint: boolean;
}

export interface PageFigures {
  path: string;
  /** Every file of its first download. */
  files: string[];
  /** Those its screen brings besides the entry's, with their stylesheets: what its HTML preloads. */
  own: { scripts: string[]; styles: string[] };
  kb: number;
  budgetKB: number;
}

/**
 * Each page's download from the built chunks, and what is wrong with it: a screen module missing from
 * the build, a budget exceeded, a member-only feature, a signed-in library or another screen's chunk
 * in a visitor's page.
 */
export function checkBudgets(
  chunks: readonly BuiltChunk[],
  pages: readonly PageBudget[],
  appStartBytes: number,
): { figures: PageFigures[]; problems: string[] } {
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  // A screen's module is in one chunk: its own, or one the build grouped it into.
  const byModule = new Map(chunks.flatMap((c) => c.modules.map((m) => [m, c] as const)));
  const entry = chunks.find((c) => c.entry);
  const problems: string[] = [];
  if (!entry) return { figures: [], problems: ['the build has no entry chunk'] };
  const frame = new Set(closure([entry], byFile));
  // The features a visitor's screen lives in; every other feature is for members only.
  const visitorFeatures = new Set(pages.filter((p) => p.visitor).flatMap((p) => p.screens.map(featureOf).filter((f): f is string => f !== null)));
  const figures: PageFigures[] = [];
  for (const page of pages) {
    const screens: BuiltChunk[] = [];
    for (const screen of page.screens) {
      const chunk = byModule.get(screen);
      if (chunk) screens.push(chunk);
      else problems.push(`${page.path}: its screen module ${screen} is not in the build (moved or renamed? api/pages/screens.ts names it)`);
    }
    const files = closure([entry, ...screens], byFile);
    const own = files.filter((c) => !frame.has(c));
    const start = page.startsAfterPaint ? appStartBytes + START_HEADER_BYTES : 0;
    const kb = (files.reduce((n, c) => n + c.wireBytes + HEADER_BYTES, 0) + start) / 1024;
    const names = [...(page.startsAfterPaint ? [APP_START] : []), ...files.map((c) => c.file)];
    figures.push({
      path: page.path,
      files: names,
      own: { scripts: own.map((c) => c.file), styles: [...new Set(own.flatMap((c) => c.styles))] },
      kb,
      budgetKB: page.budgetKB,
    });
    if (kb > page.budgetKB) {
      const heaviest = [...files].sort((a, b) => b.wireBytes - a.wireBytes).slice(0, 5);
      problems.push(
        `${page.path}: ${kb.toFixed(1)} KB of JavaScript in ${names.length} files, over its budget of ${page.budgetKB} KB ` +
          `(heaviest: ${heaviest.map((c) => `${c.file} ${(c.wireBytes / 1024).toFixed(1)} KB`).join(', ')})`,
      );
    }
    if (!page.visitor) continue;
    for (const chunk of files) {
      for (const root of chunk.lazyRoots) {
        if (!page.screens.includes(root)) problems.push(`${page.path}: ${root}, loaded on demand elsewhere, is in its first download (${chunk.file})`);
      }
      for (const module of chunk.modules) {
        const feature = featureOf(module);
        if (feature !== null && !visitorFeatures.has(feature)) problems.push(`${page.path}: ${module} (a members' feature) is in its first download (${chunk.file})`);
        else if (SIGNED_IN_LIBRARIES.test(module)) problems.push(`${page.path}: ${module} is in its first download (${chunk.file})`);
      }
    }
  }
  return { figures, problems: [...new Set(problems)] };
}

/**
 * Chunks that import each other, as `a → b → a`. The browser runs a cycle's chunk reached second
 * first, before the chunk it imports from: when that one holds React, the first call into React at
 * the top of the other (the bundler's CommonJS interop) meets a binding not yet made, and the app
 * never starts (a blank page). No cycle, no such order to get wrong.
 */
export function chunkCycles(chunks: readonly BuiltChunk[]): string[] {
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      cycles.push([...path.slice(path.indexOf(file)), file].join(' → '));
      return;
    }
    state.set(file, 'open');
    for (const next of byFile.get(file)?.imports ?? []) if (byFile.has(next)) visit(next, [...path, file]);
    state.set(file, 'done');
  };
  for (const chunk of chunks) visit(chunk.file, []);
  return cycles;
}

/** The feature a module of the app belongs to (`forum` for features/forum/…), or null outside the features. */
function featureOf(module: string): string | null {
  return /^features\/([^/]+)\//.exec(module)?.[1] ?? null;
}

function closure(roots: readonly BuiltChunk[], byFile: ReadonlyMap<string, BuiltChunk>): BuiltChunk[] {
  const seen = new Set<BuiltChunk>();
  const queue = [...roots];
  while (queue.length > 0) {
    const chunk = queue.shift()!;
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next) queue.push(next);
    }
  }
  return [...seen];
}

/** A file's size as the server sends it: its Brotli copy (quality 11, as the build writes it) when smaller. */
export function wireSize(body: string | Uint8Array): number {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  return Math.min(br.length, bytes.length);
}

/** The app's pages and their budgets: every page a visitor lands on, and /forum for a member. */
export function appPages(): PageBudget[] {
  const visitor = VISITOR_PAGES.map((path) => ({
    path,
    screens: SCREEN_MODULES[path] ?? [],
    budgetKB: PUBLIC_BUDGET_KB,
    visitor: true,
    startsAfterPaint: !FORM_PAGES.has(path),
  }));
  const missing = visitor.filter((p) => p.screens.length === 0).map((p) => p.path);
  if (missing.length > 0) throw new Error(`No screen named for ${missing.join(', ')} in api/pages/screens.ts`);
  const forum = { path: '/forum', screens: SCREEN_MODULES['/forum']!, budgetKB: SIGNED_IN_FORUM_BUDGET_KB, visitor: false, startsAfterPaint: false };
  return [...visitor, forum];
}

export interface BudgetOptions {
  pages?: () => PageBudget[];
  /** The plain script that starts a rendered page (pwa/public/app-start.js). */
  appStart?: string;
  /** Where the figures go (the build's log). */
  report?: (line: string) => void;
}

/** The vite plugin: the build fails on any problem, and writes each page's list for the server. */
export function budgetsPlugin({ pages = appPages, appStart = 'pwa/public/app-start.js', report = (line) => console.log(line) }: BudgetOptions = {}): Plugin {
  let root = '';
  return {
    name: 'club-budgets',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    // After every other plugin's generateBundle (vite's own writes each chunk's list of the files to
    // preload with it), before the files are written: a build over budget leaves no output behind.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const outputs = Object.values(bundle).filter((o) => o.type === 'chunk');
        // Loaded only on demand: imported with import() somewhere, and statically nowhere.
        const lazy = new Set<string>();
        for (const id of this.getModuleIds()) {
          const info = this.getModuleInfo(id);
          if (info && info.dynamicImporters.length > 0 && info.importers.length === 0) lazy.add(id);
        }
        const chunks = outputs.map((output): BuiltChunk => {
          const { code } = output;
          let size: number | null = null;
          return {
            file: output.fileName,
            entry: output.isEntry,
            imports: output.imports,
            lazyRoots: output.moduleIds.filter((id) => lazy.has(id)).map((id) => relativeTo(root, id)),
            modules: output.moduleIds.map((id) => relativeTo(root, id)),
            styles: [...(output.viteMetadata?.importedCss ?? [])],
            // Compressed when a page counts it (most chunks are no page's first download).
            get wireBytes() {
              return (size ??= wireSize(code));
            },
          };
        });
        const { figures, problems } = checkBudgets(chunks, pages(), wireSize(readFileSync(appStart)));
        problems.push(...chunkCycles(chunks).map((cycle) => `chunks import each other: ${cycle}`));
        for (const f of figures) report(`budget ${f.path}: ${f.kb.toFixed(1)} KB in ${f.files.length} files (budget ${f.budgetKB} KB)`);
        if (problems.length > 0) this.error(`First-download budgets (scripts/budgets.ts):\n- ${problems.join('\n- ')}`);
        const own = Object.fromEntries(figures.map((f) => [f.path, f.own]));
        this.emitFile({ type: 'asset', fileName: PAGES_FILE, source: `${JSON.stringify(own, null, 1)}\n` });
      },
    },
  };
}

/** A module id relative to the app's root (pwa/), as the manifest names modules; others as they are. */
function relativeTo(root: string, id: string): string {
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return id.startsWith(prefix) ? id.slice(prefix.length) : id;
}
