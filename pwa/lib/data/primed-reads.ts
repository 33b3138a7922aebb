// The public answers a server-rendered page came with (app/page-data.ts), waiting for the screen that
// reads them: the visitor's read runner (read.ts) starts a new answer from here. Its own small module,
// so the app's entry primes them without loading the runner (and what the runner's chunk brings).

const primed = new Map<string, { data: unknown; at: number }>();

/** Answers by query key, read at `at` (ms since the epoch). */
export function primeReads(reads: readonly (readonly [queryKey: readonly unknown[], data: unknown])[], at: number): void {
  for (const [queryKey, data] of reads) primed.set(JSON.stringify(queryKey), { data, at });
}

/** The primed answer for a query key (its JSON), once: a screen read later reads the server afresh. */
export function takePrimed(key: string): { data: unknown; at: number } | undefined {
  const found = primed.get(key);
  primed.delete(key);
  return found;
}

/** Forgets every primed answer (a new page rendered on the server; tests). */
export function clearPrimed(): void {
  primed.clear();
}
