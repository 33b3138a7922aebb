// What a test sees of the SQL a call runs: every statement run on one connection, whether it was
// prepared for the call or kept prepared from before (db/statements.ts keeps hot ones per connection).
import type { Database_ } from '../../db/client';

type Run = (...args: unknown[]) => unknown;
const RUNS = ['all', 'get', 'iterate', 'run'] as const;

/** Records the SQL of each statement `database` runs until `stop()`. */
export function recordStatements(database: Database_): { statements: string[]; stop: () => void } {
  const statements: string[] = [];
  const prototype = Object.getPrototypeOf(database.sqlite.prepare('select 1')) as Record<(typeof RUNS)[number], Run>;
  const kept = Object.fromEntries(RUNS.map((name) => [name, prototype[name]])) as Record<(typeof RUNS)[number], Run>;
  for (const name of RUNS) {
    prototype[name] = function (this: { source: string; database: unknown }, ...args: unknown[]) {
      if (this.database === database.sqlite) statements.push(this.source);
      return kept[name].apply(this, args);
    };
  }
  return { statements, stop: () => Object.assign(prototype, kept) };
}
