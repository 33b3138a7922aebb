// Cold start: from spawning the process to the first 200 from /api/health, for the compiled server
// (`node dist-server/server.js`, what `npm start` runs) against the sources run through tsx (how the
// app started before it was compiled). Starts alternate A/B so both see the same machine load.
import { spawn } from 'node:child_process';
import { REPO_ROOT, freePort } from '../api/testing/child-server';

export interface ColdStartFigures {
  runs: number;
  compiledMs: number[];
  tsxMs: number[];
  compiledMedianMs: number;
  tsxMedianMs: number;
  /** tsx median / compiled median: how many times faster the compiled server is up. */
  speedup: number;
}

const COMMANDS = {
  compiled: ['dist-server/server.js'],
  tsx: ['--import', 'tsx', 'api/server.ts'],
} as const;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function timeOneStart(args: readonly string[], databasePath: string, jwtSecret: string): Promise<number> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/api/health`;
  const started = performance.now();
  const proc = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_PATH: databasePath,
      JWT_SECRET: jwtSecret,
      SEED_DEMO: '0',
      BACKUP_EVERY: 'off',
      LOG_LEVEL: 'warn',
    },
  });
  let stderr = '';
  proc.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  try {
    const deadline = started + 60_000;
    while (performance.now() < deadline) {
      if (proc.exitCode !== null) throw new Error(`exited during start: ${stderr}`);
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error(`no health 200 within 60 s: ${stderr}`);
  } finally {
    proc.kill('SIGTERM');
    await exited;
  }
}

/** `runs` starts of each, alternating; one warm-up start of each first (disk cache), not counted. */
export async function measureColdStart(databasePath: string, jwtSecret: string, runs = 5): Promise<ColdStartFigures> {
  await timeOneStart(COMMANDS.compiled, databasePath, jwtSecret);
  await timeOneStart(COMMANDS.tsx, databasePath, jwtSecret);
  const compiledMs: number[] = [];
  const tsxMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Alternate which goes first, so neither always follows the other.
    const order = i % 2 === 0 ? (['compiled', 'tsx'] as const) : (['tsx', 'compiled'] as const);
    for (const which of order) {
      const ms = await timeOneStart(COMMANDS[which], databasePath, jwtSecret);
      (which === 'compiled' ? compiledMs : tsxMs).push(ms);
    }
  }
  const compiledMedianMs = median(compiledMs);
  const tsxMedianMs = median(tsxMs);
  return { runs, compiledMs, tsxMs, compiledMedianMs, tsxMedianMs, speedup: tsxMedianMs / compiledMedianMs };
}

export function renderColdStart(f: ColdStartFigures | null): string {
  if (!f) return 'Cold start (spawn to first health 200): not measured';
  return (
    `Cold start (spawn to first health 200, median of ${f.runs}, alternating): compiled ${f.compiledMedianMs.toFixed(0)} ms, ` +
    `tsx ${f.tsxMedianMs.toFixed(0)} ms, compiled ${f.speedup.toFixed(2)}x faster`
  );
}
