import { useSyncExternalStore } from 'react';
import { defaultTerms, type TermDefinition } from '../../../domain/calendar';
import { receiveSetting } from './settings-inbox';

// The club's membership terms (Admin → Terms), learned with GET /api/config by loadClubConfig (the
// service worker keeps that answer, so an offline start has the terms it last saw). The default
// terms stand in only until the first answer; the server decides when a queued write replays.

const listeners = new Set<() => void>();
let terms: readonly TermDefinition[] = defaultTerms().terms;

/** The club's terms now. */
export function clubTerms(): readonly TermDefinition[] {
  return terms;
}

const isTerm = (t: unknown): t is TermDefinition =>
  typeof t === 'object' &&
  t !== null &&
  ['id', 'name', 'start', 'end'].every((k) => typeof (t as Record<string, unknown>)[k] === 'string');

/** Takes the server's terms; anything that is not a non-empty list of terms is ignored. */
export function setClubTerms(next: unknown): void {
  if (!Array.isArray(next) || next.length === 0 || !next.every(isTerm)) return;
  if (JSON.stringify(next) === JSON.stringify(terms)) return;
  terms = next;
  for (const listener of listeners) listener();
}

receiveSetting('terms', setClubTerms);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The club's terms for a component, re-rendering when the server's answer arrives. */
export function useClubTerms(): readonly TermDefinition[] {
  return useSyncExternalStore(subscribe, clubTerms, clubTerms);
}
