import { useSyncExternalStore } from 'react';
import { COUNTRY_CODE, DEFAULT_CLUB_REGION, type ClubRegion } from '../../../domain/region/club-region';

// The club's country and language (its `region` document), learned with GET /api/config by
// club-zone's loadClubConfig (the service worker keeps that answer, so a returning or offline visit
// has it at once) and from a server-rendered page's data. The country is the one a phone number
// typed without +code belongs to; the language is the one every date is written in (lib/ui/format.ts).
// Checked by shape only, not with zod or the phone library: this is in the entry chunk. A locale Intl
// cannot write in falls back to the default where dates are written (domain/region/club-format.ts).

const listeners = new Set<() => void>();
let region: ClubRegion = DEFAULT_CLUB_REGION;

const LOCALE_SHAPE = /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/;

/** The club's country and language as this device knows them (the defaults until the server has said). */
export function clubRegion(): ClubRegion {
  return region;
}

/** The language the club's dates are written in ('en-US' until the server has said). */
export function clubLocale(): string {
  return region.locale;
}

/** The country a phone number typed without +code is read for ('CA' until the server has said). */
export function clubCountry(): string {
  return region.country;
}

/** Takes the server's country and language; an answer that is not one (an old server, a damaged copy) is ignored. */
export function setClubRegion(next: unknown): void {
  if (typeof next !== 'object' || next === null) return;
  const { country, locale } = next as Partial<Record<keyof ClubRegion, unknown>>;
  if (typeof country !== 'string' || !COUNTRY_CODE.test(country)) return;
  if (typeof locale !== 'string' || !LOCALE_SHAPE.test(locale)) return;
  if (country === region.country && locale === region.locale) return;
  region = { country, locale };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The club's country and language for a component, re-rendering when the server's answer changes them. */
export function useClubRegion(): ClubRegion {
  return useSyncExternalStore(subscribe, clubRegion, clubRegion);
}
