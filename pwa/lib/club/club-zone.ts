import { useSyncExternalStore } from 'react';
import type { ClubConfig } from '../../../domain/contract/config';
import { isTimeZone } from '../../../domain/time-zone';
import { SETUP_PATH } from '../../../domain/contract/club/page-frame';
import { setClubEmail, setClubIdentity } from './club-identity';
import { setClubRegion } from './club-region';
import { deliverSetting } from './settings-inbox';

// The club's one clock (docs/decisions/0025): the zone is the club's time-zone setting, learned from
// GET /api/config at start (the service worker keeps that answer, so an offline start knows it too).
// The browser's own zone is never used for a club date: a member abroad, or a phone set to UTC,
// still sees the club's "today". This part runs in the entry chunk; the date arithmetic
// (club-clock.ts, @date-fns/tz) loads with the screens that show club dates.

const listeners = new Set<() => void>();
let zone: string | null = null;

/** The club's IANA zone, or null before the server has told this device (first visit, offline). */
export function clubTimeZone(): string | null {
  return zone;
}

/**
 * Takes the club's zone; a name the runtime does not know is refused. `fromServersPage`: the zone a
 * page the server rendered came with, which the server checked when it started: taken without asking
 * the runtime again (its first time-zone lookup costs a phone tens of milliseconds while the page is
 * being taken over).
 */
export function setClubTimeZone(next: string, fromServersPage = false): void {
  if (next === zone || !(fromServersPage || isTimeZone(next))) return;
  zone = next;
  for (const listener of listeners) listener();
}

/** Asks the server for the club's zone (and its country, language, name, colour and contact address); a failure keeps the ones known so far. */
export async function loadClubConfig(fetcher: typeof fetch = fetch): Promise<void> {
  try {
    const res = await fetcher('/api/config', { headers: { accept: 'application/json' } });
    if (!res.ok) return;
    // Checked by hand, not with the contract's zod schema: this runs in the entry chunk of every page,
    // and zod there would cost each public page ~25 KB. setClubTimeZone refuses a non-IANA zone.
    const body = (await res.json()) as Partial<ClubConfig> | null;
    if (typeof body?.clubTimeZone === 'string') setClubTimeZone(body.clubTimeZone);
    setClubRegion(body?.region);
    setClubEmail(body?.clubEmail);
    setClubIdentity(body?.club);
    // An empty club opens on its one-time setup (the server answers 404 there once it is done).
    if (body?.firstRun === true && typeof location !== 'undefined' && location.pathname !== SETUP_PATH) location.replace(SETUP_PATH);
    deliverSetting('passkeys', body?.passkeys);
    deliverSetting('rules', body?.rules);
    deliverSetting('terms', body?.terms);
    deliverSetting('sports', body?.sports);
    deliverSetting('currency', body?.currency);
  } catch {
    // Offline with nothing cached: club dates wait (countdowns hidden, the server checks dates).
  }
}

/**
 * Reads the club's settings again when the service worker has newer ones. On a fresh install the
 * answer read at start went past the worker, which was not there yet: ask once more when a worker
 * first takes charge of the page, so it keeps them for an offline start.
 */
export function loadClubConfigWhenControlled(fetcher: typeof fetch = fetch): void {
  const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!worker) return;
  worker.addEventListener('message', (event: MessageEvent) => {
    if (isConfigUpdate(event.data)) void loadClubConfig(fetcher);
  });
  if (worker.controller) return;
  worker.addEventListener('controllerchange', () => void loadClubConfig(fetcher), { once: true });
}

/**
 * The worker's word that the copy of /api/config it fetched behind the one the app started with
 * differs from it (workbox's broadcast update, compared by ETag): an administrator changed a setting.
 * Reading it again gets the newer copy, now in the worker's cache.
 */
function isConfigUpdate(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const { type, payload } = data as { type?: unknown; payload?: { updatedURL?: unknown } };
  return type === 'CACHE_UPDATED' && typeof payload?.updatedURL === 'string' && new URL(payload.updatedURL, 'http://x').pathname === '/api/config';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The club's zone for a component, re-rendering when the server's answer arrives. */
export function useClubTimeZone(): string | null {
  return useSyncExternalStore(subscribe, clubTimeZone, clubTimeZone);
}
