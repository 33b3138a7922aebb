// Is the build current? Shared by the launcher (scripts/start.mjs) and the test setups that need the
// compiled server. Plain JS with no dependency, so it runs in a production install.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));

// What each half of the build is made from, and the file that stands for its output.
const PARTS = [
  { name: 'web app', output: 'dist/index.html', sources: ['pwa', 'domain', 'vite.config.ts', 'scripts/build-pages.ts'] },
  { name: 'server', output: 'dist-server/build-info.json', sources: ['api', 'db', 'scripts/build-server.mjs', 'pwa'] },
];
const SKIP = /(^|[/\\])(node_modules|faults|testing)$|\.test\.tsx?$/;

function newestMtime(path) {
  if (SKIP.test(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The parts whose output is missing or older than a source file, as `{ name, missing }`. */
export function staleParts(root = ROOT) {
  const stale = [];
  for (const part of PARTS) {
    const output = join(root, part.output);
    if (!existsSync(output)) {
      stale.push({ name: part.name, missing: true });
      continue;
    }
    const built = statSync(output).mtimeMs;
    const sources = part.sources.map((s) => join(root, s)).filter((s) => existsSync(s));
    if (sources.some((s) => newestMtime(s) > built)) stale.push({ name: part.name, missing: false });
  }
  return stale;
}

function buildToolsInstalled(root) {
  const require = createRequire(join(root, 'package.json'));
  try {
    require.resolve('vite');
    require.resolve('esbuild');
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `npm run build` when a part is missing or stale. In a production install (no dev
 * dependencies) a stale build is used as it is, with a warning; a missing one is an error.
 */
export function ensureBuilt({ root = ROOT, log = (line) => console.error(line) } = {}) {
  const stale = staleParts(root);
  if (stale.length === 0) return;
  const names = stale.map((p) => p.name).join(' and ');
  if (!buildToolsInstalled(root)) {
    if (stale.some((p) => p.missing)) {
      throw new Error(`The ${names} is not built and the build tools are not installed: run \`npm ci && npm run build\`.`);
    }
    log(`The ${names} build is older than its sources, but the build tools are not installed: starting the existing build.`);
    return;
  }
  log(`Building the ${names} (first start or sources changed)…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // The build is the production build whoever asks for it: a test runner's NODE_ENV=test would make
  // Vite bundle React's development code, which no budget allows.
  const env = { ...process.env };
  delete env.NODE_ENV;
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`npm run build failed (${result.status ?? result.signal ?? result.error})`);
}
