import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError } from './api-client';

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

/**
 * The one way screens read from the API. `path` null means "not yet" (e.g. not signed in).
 * The offline work stores answers on the device and serves them here when the network is gone,
 * so screens never talk to the cache themselves.
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
    try {
      const data = await api<T>(path);
      if (mine === generation.current) setState({ data, error: null, loading: false, fromCache: false, updatedAt: Date.now() });
    } catch (err) {
      if (mine !== generation.current) return;
      const error = err instanceof ApiError ? err : new ApiError(0, 'Something went wrong');
      setState((s) => ({ ...s, error, loading: false }));
    }
  }, [path]);

  useEffect(() => {
    setState({ data: undefined, error: null, loading: path !== null, fromCache: false, updatedAt: null });
    void load();
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
