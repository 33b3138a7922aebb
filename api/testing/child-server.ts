// The real server, compiled (dist-server/server.js, as `npm start` runs it), as a child process on
// loopback, for the fault tests and the bench: only a separate process can be SIGKILLed mid-write or
// measured without sharing our event loop. The fault suite builds first when needed (globalSetup).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ChildServerOptions {
  databasePath: string;
  /** The compiled server by default; the bench also starts the sources through tsx. */
  command?: string[];
  /** Where to run it (default: the repository). */
  cwd?: string;
  port: number;
  jwtSecret: string;
  /** Extra environment (PASSWORD_HASH_LOG_N, TRUST_PROXY, RESEND_*…). */
  env?: Record<string, string>;
  startTimeoutMs?: number;
  /** What answers once it is up (a host of many clubs answers /_host/health, whatever the address). */
  healthPath?: string;
}

export interface ChildServer {
  readonly url: string;
  readonly pid: number;
  /** The last lines the server printed, for failure messages. */
  output(): string;
  /** SIGKILL, and resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (graceful shutdown), falling back to SIGKILL. */
  stop(): Promise<void>;
  /** Sends a signal and returns at once. */
  signal(signal: NodeJS.Signals): void;
  /** Resolves when the process has exited, with its code (null when a signal ended it). */
  exit(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function exited(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => proc.once('exit', () => resolve()));
}

async function waitHealthy(url: string, proc: ChildProcess, timeoutMs: number, output: () => string, healthPath = '/api/health'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      throw new Error(`The server exited during start (${proc.exitCode ?? proc.signalCode}):\n${output()}`);
    }
    try {
      const res = await fetch(`${url}${healthPath}`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The server did not answer ${healthPath} within ${timeoutMs} ms:\n${output()}`);
}

/** Starts `node dist-server/server.js` and resolves once /api/health answers. */
export async function startServer(options: ChildServerOptions): Promise<ChildServer> {
  const url = `http://127.0.0.1:${options.port}`;
  const proc = spawn(process.execPath, options.command ?? ['dist-server/server.js'], {
    cwd: options.cwd ?? REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATABASE_PATH: options.databasePath,
      JWT_SECRET: options.jwtSecret,
      APP_URL: url,
      SEED_DEMO: '0',
      PASSWORD_HASH_LOG_N: '12',
      ...options.env,
    },
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const output = () => tail;
  try {
    await waitHealthy(url, proc, options.startTimeoutMs ?? 60_000, output, options.healthPath);
  } catch (err) {
    proc.kill('SIGKILL');
    await exited(proc);
    throw err;
  }
  return {
    url,
    pid: proc.pid!,
    output,
    async kill() {
      proc.kill('SIGKILL');
      await exited(proc);
    },
    signal(signal) {
      proc.kill(signal);
    },
    async exit() {
      await exited(proc);
      return { code: proc.exitCode, signal: proc.signalCode };
    },
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 8000);
      await exited(proc);
      clearTimeout(timer);
    },
  };
}
