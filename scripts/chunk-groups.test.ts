// The chunks by who loads them (scripts/chunk-groups.ts), on a small app built by vite as the app is:
// what two visitor screens share is one file, not a file per module; a screen's own modules stay in
// its chunk; what a signed-in start loads besides is apart from what visitors load; the frame is the
// entry. No rule names a module, only the screens.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { chunkCycles } from './budgets';
import { frameModule, graphGroups } from './chunk-groups';

function app(): string {
  const root = mkdtempSync(join(tmpdir(), 'club-groups-'));
  for (const dir of ['features/home', 'features/join', 'features/forum', 'lib']) mkdirSync(join(root, dir), { recursive: true });
  const file = (path: string, text: string) => writeFileSync(join(root, path), text);
  file('index.html', '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>');
  file('main.js', "import { frame } from './lib/frame.js';\nframe();\nconst screens = { home: () => import('./features/home/home.js'), join: () => import('./features/join/join.js'), forum: () => import('./features/forum/forum.js') };\nwindow.open = (name) => screens[name]();\n");
  file('lib/frame.js', "export function frame() { document.title = 'Club'; }\n");
  // Two small modules both visitor screens read, one only Home reads, one the forum reads too.
  file('lib/dates.js', "export const date = (d) => `date ${d}`;\n");
  file('lib/words.js', "export const words = (w) => `words ${w}`;\n");
  file('lib/slides.js', "export const slides = ['swim', 'bike', 'run'];\n");
  file('lib/avatar.js', "export const avatar = (n) => `avatar ${n}`;\n");
  file('features/home/home.js', "import { date } from '../../lib/dates.js';\nimport { words } from '../../lib/words.js';\nimport { slides } from '../../lib/slides.js';\nimport { avatar } from '../../lib/avatar.js';\nexport const home = [date(1), words(2), slides, avatar(3)];\n");
  file('features/join/join.js', "import { date } from '../../lib/dates.js';\nimport { words } from '../../lib/words.js';\nimport { avatar } from '../../lib/avatar.js';\nexport const join = [date(4), words(5), avatar(6)];\n");
  file('features/forum/forum.js', "import { avatar } from '../../lib/avatar.js';\nimport { frame } from '../../lib/frame.js';\nexport const forum = [avatar(7), frame];\n");
  return root;
}

async function chunksOf(root: string): Promise<Rolldown.OutputChunk[]> {
  const graph = graphGroups({ visitorScreens: ['features/home/home.js', 'features/join/join.js'], signedIn: [], forum: 'features/forum/forum.js' });
  const out = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [graph.plugin],
    build: {
      write: false,
      minify: false,
      rolldownOptions: {
        output: {
          codeSplitting: {
            includeDependenciesRecursively: false,
            groups: [
              { name: 'frame', tags: ['$initial'], test: frameModule },
              { name: (id: string) => graph.visitorChunk(id) ?? 'none', test: (id: string) => graph.visitorChunk(id) !== null },
              { name: 'signed-in', test: graph.signedIn },
            ],
          },
        },
      },
    },
  })) as Rolldown.RolldownOutput;
  return out.output.filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
}

const holding = (chunks: Rolldown.OutputChunk[], module: string) => chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)))!;

describe('chunks by who loads them', () => {
  it('puts what the same screens load in one file, and each screen’s own modules in its chunk', async () => {
    const chunks = await chunksOf(app());
    // Both visitor screens load the dates and the words: one file for the two.
    expect(holding(chunks, 'lib/dates.js')).toBe(holding(chunks, 'lib/words.js'));
    // Only Home loads the slides: they are Home's, not a file of their own.
    expect(holding(chunks, 'lib/slides.js')).toBe(holding(chunks, 'features/home/home.js'));
    // The avatar is loaded by the visitors' screens and the forum: apart from what visitors alone load.
    expect(holding(chunks, 'lib/avatar.js')).not.toBe(holding(chunks, 'lib/dates.js'));
    // The frame is the entry, whoever else imports it.
    expect(holding(chunks, 'lib/frame.js').isEntry).toBe(true);
    // And Join us downloads nothing of Home's.
    const join = holding(chunks, 'features/join/join.js');
    const files = new Set([join.fileName, ...join.imports]);
    expect(files.has(holding(chunks, 'lib/slides.js').fileName)).toBe(false);
    expect(chunkCycles(chunks.map((c) => ({ file: c.fileName, entry: c.isEntry, imports: c.imports, lazyRoots: [], modules: [], styles: [], wireBytes: 0 })))).toEqual([]);
  });

  it('needs the bundler’s helpers in the frame: left out, the frame and the entry import each other', async () => {
    // What the frame's rule guards against (vite's preloading helper is one of the entry's modules).
    expect(frameModule('\0vite/preload-helper.js')).toBe(true);
    expect(frameModule('/app/node_modules/react/index.js')).toBe(false);
  });
});
