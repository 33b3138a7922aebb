// One logger for the server (pino): JSON lines in production (for journald or a log shipper), a
// readable colour line per event in development, nothing but warnings under test.
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Env } from './settings/env';

export type { Logger };

// Only chosen fields are ever logged (never bodies, headers or query strings); these paths are the
// second line of defence if someone logs an object that carries one.
const REDACT = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'resetToken',
  'authorization',
  'cookie',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.resetToken',
  '*.authorization',
  '*.cookie',
];

export function createLogger(env: Pick<Env, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: env.LOG_LEVEL,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT, censor: '[redacted]' },
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

/** The development console: pino-pretty in this thread (loaded only in development). */
export async function prettyDestination(): Promise<DestinationStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({ sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
}

/** A destination that keeps each line, for tests. */
export function memoryDestination(lines: string[]): DestinationStream {
  return { write: (line: string) => void lines.push(line) };
}
