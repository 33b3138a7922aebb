import { useSyncExternalStore } from 'react';
import { CLUB_CONTACT_EMAIL, defaultClubIdentity, HEX_COLOUR, type ClubIdentity } from '../../../domain/documents/club-identity';

// The club's name, short name, tagline, description, colours, logo, contact address and links (its `club` document), learned
// with GET /api/config by club-zone's loadClubConfig (the service worker keeps that answer, so a
// returning or offline visit has it at once) and from a server-rendered page's data. The built-in
// identity shows only until the first answer. Checked by hand, not with zod: this is in the entry chunk.

const listeners = new Set<() => void>();
let identity: ClubIdentity = defaultClubIdentity(CLUB_CONTACT_EMAIL);

const PLAIN_EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
const LINK = /^(?:https:\/\/[^\s<>"]+)?$/;

function publish(next: ClubIdentity): void {
  identity = next;
  paintColours(next);
  for (const listener of listeners) listener();
}

/**
 * The page's colours (every shade the stylesheets draw with, domain/documents/club-palette.ts) and the
 * browser's title bar follow the club's colours. The server wrote both into the page: the shades are
 * worked out again (and their module loaded) only when the club's colours differ from the page's.
 */
function paintColours(club: ClubIdentity): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.setAttribute('content', club.mainColour);
  const drawn = getComputedStyle(root);
  const same = (name: string, colour: string) => drawn.getPropertyValue(name).trim().toLowerCase() === colour.toLowerCase();
  if (same('--club-main', club.mainColour) && same('--club-accent', club.accentColour)) return;
  void import('../../../domain/documents/club-palette').then(({ clubPalette }) => {
    // A later change may have painted already: only the colours in force now.
    if (identity !== club) return;
    for (const [name, value] of Object.entries(clubPalette(club))) root.style.setProperty(name, value);
  });
}

/** The club's identity now (the built-in one until the server has said). */
export function clubIdentity(): ClubIdentity {
  return identity;
}

/** The club's contact address now. */
export function clubEmail(): string {
  return identity.contactEmail;
}

/** Takes the server's contact address; anything that is not a plain address is ignored. */
export function setClubEmail(next: unknown): void {
  if (typeof next !== 'string' || !PLAIN_EMAIL.test(next) || next === identity.contactEmail) return;
  publish({ ...identity, contactEmail: next });
}

const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

const colour = (value: unknown): value is string => typeof value === 'string' && HEX_COLOUR.test(value);

/**
 * Takes the server's identity; an answer that is not one (a damaged copy) is ignored. A field an older
 * server does not send yet (the tagline, description and accent came later) keeps the built-in value.
 */
export function setClubIdentity(next: unknown): void {
  if (typeof next !== 'object' || next === null) return;
  const n = next as Partial<Record<keyof ClubIdentity, unknown>>;
  if (!text(n.name) || !text(n.shortName) || !colour(n.mainColour)) return;
  if (typeof n.contactEmail !== 'string' || !PLAIN_EMAIL.test(n.contactEmail)) return;
  const links = [n.instagram, n.facebook, n.strava];
  if (!links.every((link) => typeof link === 'string' && LINK.test(link))) return;
  const built = defaultClubIdentity(n.contactEmail);
  const candidate: ClubIdentity = {
    name: n.name,
    shortName: n.shortName,
    tagline: text(n.tagline) ? n.tagline : built.tagline,
    description: text(n.description) ? n.description : built.description,
    mainColour: n.mainColour,
    accentColour: colour(n.accentColour) ? n.accentColour : built.accentColour,
    logo: typeof n.logo === 'string' && n.logo.startsWith('/uploads/') ? n.logo : null,
    contactEmail: n.contactEmail,
    instagram: n.instagram as string,
    facebook: n.facebook as string,
    strava: n.strava as string,
  };
  if (JSON.stringify(candidate) === JSON.stringify(identity)) return;
  publish(candidate);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The club's identity for a component, re-rendering when the server's answer arrives. */
export function useClubIdentity(): ClubIdentity {
  return useSyncExternalStore(subscribe, clubIdentity, clubIdentity);
}

/** The club's contact address for a component. */
export function useClubEmail(): string {
  return useSyncExternalStore(subscribe, clubEmail, clubEmail);
}
