// The build's first-download budgets (scripts/budgets.ts): what a page downloads is counted from the
// chunks' static imports, and the check fails on a page over its budget, a members' feature, a
// signed-in library or another route's chunk in a visitor's page, a screen missing from the build,
// and chunks that import each other. The last test builds a small app with vite, as `npm run build`
// does, and sees the build refused when its page imports a heavy module.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { HEADER_BYTES, START_HEADER_BYTES, appPages, budgetsPlugin, checkBudgets, chunkCycles, type BuiltChunk, type PageBudget } from './budgets';
import { SCREEN_MODULES, VISITOR_PAGES } from '../api/pages/screens';

const KB = 1024;

function chunk(file: string, over: Partial<BuiltChunk> = {}): BuiltChunk {
  return { file, entry: false, imports: [], lazyRoots: [], modules: [], styles: [], wireBytes: 1 * KB, ...over };
}

// A small app: the entry (the frame) with React, Home and Join us, and a forum for members.
const app = () => [
  chunk('index.js', { entry: true, imports: ['react.js'], modules: ['main.tsx', 'app/router.tsx'], wireBytes: 8 * KB }),
  chunk('react.js', { modules: ['/repo/node_modules/react-dom/index.js'], wireBytes: 70 * KB }),
  chunk('home.js', {
    lazyRoots: ['features/public/home-page.tsx'],
    imports: ['react.js', 'index.js', 'markdown.js'],
    modules: ['features/public/home-page.tsx'],
    styles: ['assets/public.css'],
    wireBytes: 3 * KB,
  }),
  chunk('markdown.js', { modules: ['components/markdown-html.tsx'], wireBytes: 0.3 * KB }),
  chunk('join.js', { lazyRoots: ['features/public/join-us-page.tsx'], imports: ['react.js', 'index.js', 'markdown.js'], modules: ['features/public/join-us-page.tsx'], wireBytes: 2 * KB }),
  chunk('query.js', { modules: ['/repo/node_modules/@tanstack/query-core/build/modern/query.js'], wireBytes: 11 * KB }),
  chunk('forum.js', { lazyRoots: ['features/forum/forum-page.tsx'], imports: ['react.js', 'index.js', 'query.js'], modules: ['features/forum/forum-page.tsx'], wireBytes: 6 * KB }),
];

const page = (path: string, screens: string[], over: Partial<PageBudget> = {}): PageBudget => ({
  path,
  screens,
  budgetKB: 90,
  visitor: true,
  startsAfterPaint: true,
  ...over,
});

const pages = () => [
  page('/', ['features/public/home-page.tsx']),
  page('/join-us', ['features/public/join-us-page.tsx']),
  page('/forum', ['features/forum/forum-page.tsx'], { budgetKB: 120, visitor: false, startsAfterPaint: false }),
];

describe("a page's first download", () => {
  it('is the entry, the screen and all they import, each file with its headers, and the start script', () => {
    const { figures, problems } = checkBudgets(app(), pages(), 0.5 * KB);
    expect(problems).toEqual([]);
    const home = figures.find((f) => f.path === '/')!;
    expect(home.files.sort()).toEqual(['app-start.js', 'home.js', 'index.js', 'markdown.js', 'react.js']);
    // 81.3 KB of bodies and four answers' headers, and the start script's 0.5 KB and headers.
    expect(home.kb).toBeCloseTo(81.3 + (4 * HEADER_BYTES) / KB + 0.5 + START_HEADER_BYTES / KB, 5);
    const forum = figures.find((f) => f.path === '/forum')!;
    expect(forum.files.sort()).toEqual(['forum.js', 'index.js', 'query.js', 'react.js']);
  });

  it("names what a page's HTML preloads: its screen's files and stylesheets, not the entry's", () => {
    const { figures } = checkBudgets(app(), pages(), 0.5 * KB);
    expect(figures.find((f) => f.path === '/')!.own).toEqual({ scripts: ['home.js', 'markdown.js'], styles: ['assets/public.css'] });
    expect(figures.find((f) => f.path === '/forum')!.own).toEqual({ scripts: ['forum.js', 'query.js'], styles: [] });
  });

  it('fails past its budget, naming the heaviest files', () => {
    const chunks = app().map((c) => (c.file === 'markdown.js' ? { ...c, wireBytes: 20 * KB } : c));
    const { problems } = checkBudgets(chunks, pages(), 0.5 * KB);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^\/: 103\.\d KB of JavaScript in 5 files, over its budget of 90 KB \(heaviest: react\.js 70\.0 KB, markdown\.js 20\.0 KB/);
    expect(problems[1]).toMatch(/^\/join-us: 102\.\d KB/);
  });

  it("fails when a visitor's page downloads a members' feature, a signed-in library or another route's chunk", () => {
    const chunks = app().map((c) =>
      c.file === 'markdown.js'
        ? { ...c, imports: ['forum.js'], modules: [...c.modules, 'features/payments/pay-button.tsx', '/repo/node_modules/zod/index.js'] }
        : c,
    );
    const { problems } = checkBudgets(chunks, pages(), 0);
    expect(problems).toContain('/: features/forum/forum-page.tsx, loaded on demand elsewhere, is in its first download (forum.js)');
    expect(problems).toContain("/: features/payments/pay-button.tsx (a members' feature) is in its first download (markdown.js)");
    expect(problems).toContain('/: /repo/node_modules/zod/index.js is in its first download (markdown.js)');
    expect(problems).toContain("/: features/forum/forum-page.tsx (a members' feature) is in its first download (forum.js)");
    expect(problems).toContain('/: /repo/node_modules/@tanstack/query-core/build/modern/query.js is in its first download (query.js)');
    // The forum is a member's page: it may hold all of that.
    expect(problems.filter((p) => p.startsWith('/forum'))).toEqual([]);
  });

  it('fails when a screen it names is not in the build (a file moved without its name)', () => {
    const { problems } = checkBudgets(app(), [...pages(), page('/faq', ['features/public/faq-page.tsx'])], 0);
    expect(problems).toEqual(['/faq: its screen module features/public/faq-page.tsx is not in the build (moved or renamed? api/pages/screens.ts names it)']);
  });

  it('names every page a visitor lands on, each with its screen', () => {
    const all = appPages();
    expect(all.map((p) => p.path)).toEqual([...VISITOR_PAGES, '/forum']);
    for (const p of all) expect(p.screens, p.path).toEqual(SCREEN_MODULES[p.path]);
    expect(all.filter((p) => !p.startsAfterPaint).map((p) => p.path)).toEqual(['/login', '/reset-password', '/forum']);
  });
});

describe('chunks that import each other', () => {
  it('are found, with the path between them', () => {
    expect(chunkCycles(app())).toEqual([]);
    const cycled = app().map((c) => (c.file === 'react.js' ? { ...c, imports: ['region.js'] } : c));
    cycled.push(chunk('region.js', { imports: ['react.js'], modules: ['lib/club/club-region.ts'] }));
    expect(chunkCycles(cycled)).toEqual(['react.js → region.js → react.js']);
  });
});

describe('the build', () => {
  // A small app as vite builds it: an entry that loads its screen on demand.
  function fixture(screenImports: string): string {
    const root = mkdtempSync(join(tmpdir(), 'club-budgets-'));
    mkdirSync(join(root, 'features', 'public'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>');
    writeFileSync(join(root, 'main.js'), "import('./features/public/home-page.js').then((m) => m.show());\n");
    writeFileSync(join(root, 'features', 'public', 'home-page.js'), `${screenImports}\nexport function show() { document.body.append('Home'); }\n`);
    // Random bytes do not compress: 100 KB of them written in base64 are about 100 KB on the wire.
    writeFileSync(join(root, 'heavy.js'), `export const HEAVY = '${randomBytes(100 * KB).toString('base64')}';\n`);
    writeFileSync(join(root, 'app-start.js'), '(function () {})();\n');
    return root;
  }

  const buildWithBudgets = (root: string, lines: string[]) =>
    build({
      root,
      configFile: false,
      logLevel: 'silent',
      build: { outDir: join(root, 'dist'), write: false },
      plugins: [
        budgetsPlugin({
          pages: () => [page('/', ['features/public/home-page.js'])],
          appStart: join(root, 'app-start.js'),
          report: (line) => lines.push(line),
        }),
      ],
    });

  it('passes a page within its budget and says what it downloads', async () => {
    const lines: string[] = [];
    await buildWithBudgets(fixture(''), lines);
    expect(lines).toEqual([expect.stringMatching(/^budget \/: \d\.\d KB in 3 files \(budget 90 KB\)$/)]);
  });

  it('is refused when the page imports a module that takes it past its budget', async () => {
    const root = fixture("import { HEAVY } from '../../heavy.js';\ndocument.title = HEAVY;");
    await expect(buildWithBudgets(root, [])).rejects.toThrow(/\/: 10\d\.\d KB of JavaScript in 3 files, over its budget of 90 KB/);
  });
});
