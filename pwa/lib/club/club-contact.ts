import { useSyncExternalStore } from 'react';
import { CLUB_CONTACT_EMAIL } from '../../../domain/contract/profiles';

// The club's contact address: the server's CLUB_EMAIL, learned with GET /api/config by club-clock's
// loadClubConfig (the service worker keeps that answer, so a returning or offline visit has it at
// once). The built-in address shows only until the first answer.

const listeners = new Set<() => void>();
let email: string = CLUB_CONTACT_EMAIL;

/** The club's contact address now (the built-in one until the server has said). */
export function clubEmail(): string {
  return email;
}

/** Takes the server's address; anything that is not a plain address is ignored. */
export function setClubEmail(next: unknown): void {
  if (typeof next !== 'string' || !/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(next) || next === email) return;
  email = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The club's contact address for a component, re-rendering when the server's answer arrives. */
export function useClubEmail(): string {
  return useSyncExternalStore(subscribe, clubEmail, clubEmail);
}
