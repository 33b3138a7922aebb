import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError } from './api-client';
import { readToken, readUser } from './session-storage';

export interface QueryState<T> {
  data: T | undefined;
  error: ApiError | null;
  /** True until the first answer (or cached copy) is in. */
  loading: boolean;
  /** True when `data` is a copy kept on this device rather than a fresh answer (offline). */
  fromCache: boolean;
  /** When `data` was fetched from the server (epoch ms). */
  updatedAt: number | null;
  reload: () => Promise<void>;
  /** Local edit of the data (after a write), kept until the next load. */
  setData: (update: (previous: T | undefined) => T | undefined) => void;
}

export interface QueryOptions {
  /** Reload every n ms while the screen is shown (and the tab visible). */
  refreshMs?: number;
}

/** Fired by the outbox when queued writes reached the server: screens reload what they show. */
const SYNCED_EVENT = 'club:synced';

function signedInUserId(): number | undefined {
  return readToken() ? readUser()?.id : undefined;
}

/**
 * The one way screens read from the API. `path` null means "not yet". For a signed-in user every
 * answer is also kept on the device (per user) and served from there when the network is gone
 * (DESIGN.md §4), with `fromCache` and `updatedAt` telling the screen to say so.
 */
export function useApiQuery<T>(path: string | null, options: QueryOptions = {}): QueryState<T> {
  const [state, setState] = useState<Omit<QueryState<T>, 'reload' | 'setData'>>({
    data: undefined,
    error: null,
    loading: path !== null,
    fromCache: false,
    updatedAt: null,
  });
  const generation = useRef(0);

  const load = useCallback(async () => {
    if (path === null) return;
    const mine = ++generation.current;
    const userId = signedInUserId();
    try {
      const data = await api<T>(path);
      const updatedAt = Date.now();
      if (mine === generation.current) setState({ data, error: null, loading: false, fromCache: false, updatedAt });
      if (userId !== undefined) void import('./offline-db').then((m) => m.writeCache(userId, path, data, updatedAt));
    } catch (err) {
      if (mine !== generation.current) return;
      const error = err instanceof ApiError ? err : new ApiError(0, 'Something went wrong');
      if (error.isNetwork && userId !== undefined) {
        const row = await (await import('./offline-db')).readCache(userId, path);
        if (mine !== generation.current) return;
        if (row) {
          setState({ data: row.data as T, error: null, loading: false, fromCache: true, updatedAt: row.updatedAt });
          return;
        }
      }
      setState((s) => ({ ...s, error, loading: false }));
    }
  }, [path]);

  useEffect(() => {
    setState({ data: undefined, error: null, loading: path !== null, fromCache: false, updatedAt: null });
    void load();
    const again = () => void load();
    window.addEventListener(SYNCED_EVENT, again);
    window.addEventListener('online', again);
    return () => {
      window.removeEventListener(SYNCED_EVENT, again);
      window.removeEventListener('online', again);
    };
  }, [load, path]);

  useEffect(() => {
    if (!options.refreshMs || path === null) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, options.refreshMs);
    return () => clearInterval(timer);
  }, [options.refreshMs, load, path]);

  const setData = useCallback((update: (previous: T | undefined) => T | undefined) => {
    setState((s) => ({ ...s, data: update(s.data) }));
  }, []);

  return { ...state, reload: load, setData };
}
