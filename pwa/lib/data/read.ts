// The one way a screen reads the API: `useRead`, with one result shape (`ReadResult`) whoever runs it.
// Under the data layer of a signed-in user (app/members/query-layer.tsx) it runs on TanStack Query, so the
// answer is cached, kept on the device, refreshed after a replay and changed by writes
// (post-cache.ts). On a visitor's page it runs on the small runner below, so a public page never
// downloads the query library (docs/decisions/0062: a visitor's first download stays within 100 KB
// gzip). Both take the same options. Feature hooks (features/*/api/*-queries.ts) wrap it per endpoint.
import { createContext, useCallback, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { ApiError } from './api-error';
import { clearPrimed, takePrimed } from './primed-reads';

/** The part of TanStack Query's query options a read uses; the same object serves both runners. */
export interface ReadOptions<T> {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
  enabled?: boolean;
  /** Re-read this often while the screen is shown. */
  refetchInterval?: number;
  /** `Infinity`: an answer already read is not read again when the screen comes back. */
  staleTime?: number;
  /** `0`: the answer is forgotten once no screen shows it. */
  gcTime?: number;
  retry?: boolean;
  refetchOnWindowFocus?: boolean;
  refetchOnReconnect?: boolean;
}

/** What a screen gets from a read, on either runner: the part of TanStack Query's result screens use. */
export interface ReadResult<T> {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  dataUpdatedAt: number;
  refetch: () => Promise<unknown>;
}

export type ReadRunner = <T>(options: ReadOptions<T>) => ReadResult<T>;

interface ReadState {
  data: unknown;
  error: Error | null;
  updatedAt: number;
}

interface Entry {
  state: ReadState;
  listeners: Set<() => void>;
  inFlight: Promise<void> | null;
  /**
   * The answer came with the server's page: as fresh as the page, so the screens that take the page
   * over do not read it again. Once no screen shows it (the visitor left), it is read as any other.
   */
  primed: boolean;
}

const entries = new Map<string, Entry>();

function entryFor(key: string): Entry {
  let entry = entries.get(key);
  if (!entry) {
    // A server-rendered page's answer, if it came with one (primed-reads.ts): the same as the HTML.
    const primed = takePrimed(key);
    entry = { state: { data: primed?.data, error: null, updatedAt: primed?.at ?? 0 }, listeners: new Set(), inFlight: null, primed: primed !== undefined };
    entries.set(key, entry);
  }
  return entry;
}

function publish(entry: Entry, state: ReadState): void {
  entry.state = state;
  for (const listener of entry.listeners) listener();
}

/** One request at a time per key; a failure keeps the last answer (and says why it is not fresh). */
function load(entry: Entry, queryFn: ReadOptions<unknown>['queryFn']): Promise<void> {
  entry.inFlight ??= (async () => {
    try {
      const data = await queryFn({ signal: new AbortController().signal });
      publish(entry, { data, error: null, updatedAt: Date.now() });
    } catch (err) {
      const error = err instanceof Error ? err : new ApiError(0, 'Something went wrong');
      publish(entry, { ...entry.state, error });
    } finally {
      entry.inFlight = null;
    }
  })();
  return entry.inFlight;
}

/**
 * The visitor's runner: an answer per query key shared by every screen that shows it, read when a
 * screen opens (unless `staleTime: Infinity` and already read), every `refetchInterval` while shown,
 * and when the network comes back. No retries and no cache on the device: the service worker keeps a
 * visitor's public answers for offline visits (vite.config.ts, `public-api`).
 */
export function useVisitorRead<T>(options: ReadOptions<T>): ReadResult<T> {
  const key = JSON.stringify(options.queryKey);
  const latest = useRef(options);
  latest.current = options;
  const entry = entryFor(key);
  const subscribe = useCallback(
    (listener: () => void) => {
      entry.listeners.add(listener);
      return () => {
        entry.listeners.delete(listener);
        if (entry.listeners.size === 0) entry.primed = false;
        if (entry.listeners.size === 0 && latest.current.gcTime === 0 && entries.get(key) === entry) entries.delete(key);
      };
    },
    [entry, key],
  );
  const snapshot = () => entry.state;
  // The same on the server that rendered a public page and in the browser that hydrates it: the
  // answers the page came with (primed-reads.ts).
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  const refetch = useCallback(() => load(entry, (ctx) => latest.current.queryFn(ctx)), [entry]);

  const { enabled = true, refetchInterval, staleTime, refetchOnReconnect = true } = options;
  useEffect(() => {
    if (!enabled) return;
    // The screen that takes over the server's page reads nothing again: the answer is the page's own,
    // and a second copy of it would only draw the page once more while the visitor starts to use it.
    if (!entry.primed && !(staleTime === Infinity && entry.state.data !== undefined)) void refetch();
    const timer = refetchInterval ? setInterval(() => void refetch(), refetchInterval) : undefined;
    const onOnline = () => void refetch();
    if (refetchOnReconnect) window.addEventListener('online', onOnline);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [entry, enabled, refetchInterval, staleTime, refetchOnReconnect, refetch]);

  return {
    data: state.data as T | undefined,
    error: state.error,
    isPending: state.data === undefined && state.error === null,
    dataUpdatedAt: state.updatedAt,
    refetch,
  };
}

const ReadRunnerContext = createContext<ReadRunner>(useVisitorRead);

/** The data layer of a signed-in user puts TanStack Query's `useQuery` here (app/members/query-layer.tsx). */
export const ReadRunnerProvider = ReadRunnerContext.Provider;

/** A read, on whichever runner the screen sits under. */
export function useRead<T>(options: ReadOptions<T>): ReadResult<T> {
  const useRunner = useContext(ReadRunnerContext);
  return useRunner(options);
}

/** Forgets every visitor answer (tests). */
export function resetVisitorReads(): void {
  entries.clear();
  clearPrimed();
}

/** What a screen needs to say about a read: a kept copy shown offline, and its age. */
export function offlineInfo(query: Pick<ReadResult<unknown>, 'data' | 'error' | 'dataUpdatedAt'>): {
  fromCache: boolean;
  updatedAt: number | null;
} {
  const fromCache = query.data !== undefined && query.error instanceof ApiError && query.error.isNetwork;
  return { fromCache, updatedAt: query.dataUpdatedAt || null };
}

/** The error to show for a read that has nothing on screen. */
export function loadError(query: Pick<ReadResult<unknown>, 'data' | 'error'>): ApiError | null {
  if (query.data !== undefined || !query.error) return null;
  return query.error instanceof ApiError ? query.error : new ApiError(0, 'Something went wrong');
}
