import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clubTimeZone, clubTodayNow, loadClubConfig, setClubTimeZone, useClubTimeZone } from './club-clock';
import { loadClubConfigWhenControlled } from './club-zone';

const answer = (body: unknown, status = 200) => (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;

describe('club clock', () => {
  afterEach(() => setClubTimeZone('America/Toronto'));

  it('learns the zone from the server and re-renders who reads it', async () => {
    const { result } = renderHook(() => useClubTimeZone());
    expect(result.current).toBe('America/Toronto');
    await act(() => loadClubConfig(answer({ clubTimeZone: 'Asia/Tokyo' })));
    expect(result.current).toBe('Asia/Tokyo');
    // Nothing of the session's storage: the service worker keeps the answer for offline starts.
    expect(Object.keys(localStorage)).toEqual([]);
    // 20:00 UTC on 2 March is already 3 March in Tokyo, whatever the machine's zone.
    expect(clubTodayNow(Date.parse('2026-03-02T20:00:00Z'))).toBe('2026-03-03');
  });

  it('keeps the last known zone when the server cannot be reached or answers nonsense', async () => {
    await loadClubConfig((async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch);
    expect(clubTimeZone()).toBe('America/Toronto');
    await loadClubConfig(answer({ error: 'Not found' }, 404));
    await loadClubConfig(answer({ clubTimeZone: 'Toronto' }));
    await loadClubConfig(answer({ clubTimeZone: 42 }));
    await loadClubConfig(answer(null));
    expect(clubTimeZone()).toBe('America/Toronto');
  });

  it('asks again when a service worker first takes charge of the page, so the worker keeps the answer', async () => {
    const worker = Object.assign(new EventTarget(), { controller: null });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker: worker }));
    const fetcher = vi.fn(answer({ clubTimeZone: 'Europe/Paris' }));
    loadClubConfigWhenControlled(fetcher);
    expect(fetcher).not.toHaveBeenCalled();
    worker.dispatchEvent(new Event('controllerchange'));
    worker.dispatchEvent(new Event('controllerchange'));
    await vi.waitFor(() => expect(clubTimeZone()).toBe('Europe/Paris'));
    expect(fetcher).toHaveBeenCalledTimes(1);

    // A page the worker already controls went through it at start: nothing more to ask.
    const controlled = Object.assign(new EventTarget(), { controller: {} });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker: controlled }));
    loadClubConfigWhenControlled(fetcher);
    controlled.dispatchEvent(new Event('controllerchange'));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
