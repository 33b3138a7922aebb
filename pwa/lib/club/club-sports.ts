import { useSyncExternalStore } from 'react';
import { BADGE_COLOURS, SPORTS, defaultSports, type SportsDocument } from '../../../domain/sports';
import { receiveSetting } from './settings-inbox';

// The club's workout types and the forum's filters (Admin → Sports), learned with GET /api/config by
// loadClubConfig (the service worker keeps that answer, so an offline device offers, badges and
// filters with the types it last saw). The server decides whether a queued workout's type is taken.

const listeners = new Set<() => void>();
let sports: SportsDocument = defaultSports();

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function valid(next: unknown): next is SportsDocument {
  if (!isRecord(next) || !Array.isArray(next.types) || !Array.isArray(next.filters) || next.types.length === 0) return false;
  const typesOk = next.types.every(
    (t) =>
      isRecord(t) &&
      typeof t.id === 'string' &&
      typeof t.name === 'string' &&
      (SPORTS as readonly unknown[]).includes(t.sport) &&
      (BADGE_COLOURS as readonly unknown[]).includes(t.colour) &&
      typeof t.minutes === 'number' &&
      typeof t.retired === 'boolean',
  );
  const filtersOk = next.filters.every(
    (f) => isRecord(f) && typeof f.id === 'string' && typeof f.name === 'string' && Array.isArray(f.types) && f.types.every((t) => typeof t === 'string'),
  );
  return typesOk && filtersOk;
}

/** The club's types and filters as this device knows them. */
export function clubSports(): SportsDocument {
  return sports;
}

/** Takes the server's document (from /api/config, or a publish on Admin → Sports); anything malformed is ignored. */
export function setClubSports(next: unknown): void {
  if (!valid(next) || JSON.stringify(next) === JSON.stringify(sports)) return;
  sports = next;
  for (const listener of listeners) listener();
}

receiveSetting('sports', setClubSports);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The club's types and filters for a component, re-rendering when the server's answer changes them. */
export function useClubSports(): SportsDocument {
  return useSyncExternalStore(subscribe, clubSports, clubSports);
}
