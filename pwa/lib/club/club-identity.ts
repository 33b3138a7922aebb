import { useSyncExternalStore } from 'react';
import { defaultClubIdentity, HEX_COLOUR, type ClubIdentity } from '../../../domain/club-identity';
import { CLUB_CONTACT_EMAIL } from '../../../domain/contract/profiles';

// The club's name, short name, colour, logo, contact address and links (its `club` document), learned
// with GET /api/config by club-zone's loadClubConfig (the service worker keeps that answer, so a
// returning or offline visit has it at once) and from a server-rendered page's data. The built-in
// identity shows only until the first answer. Checked by hand, not with zod: this is in the entry chunk.

const listeners = new Set<() => void>();
let identity: ClubIdentity = defaultClubIdentity(CLUB_CONTACT_EMAIL);

const PLAIN_EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
const LINK = /^(?:https:\/\/[^\s<>"]+)?$/;

function publish(next: ClubIdentity): void {
  identity = next;
  paintColour(next.mainColour);
  for (const listener of listeners) listener();
}

/** The page's main colour and the browser's title bar follow the club's colour (the server wrote both first). */
function paintColour(colour: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.style.setProperty('--blue-900', colour);
  document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.setAttribute('content', colour);
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

/** Takes the server's identity; an answer that is not one (an old server, a damaged copy) is ignored. */
export function setClubIdentity(next: unknown): void {
  if (typeof next !== 'object' || next === null) return;
  const n = next as Partial<Record<keyof ClubIdentity, unknown>>;
  if (!text(n.name) || !text(n.shortName) || typeof n.mainColour !== 'string' || !HEX_COLOUR.test(n.mainColour)) return;
  if (typeof n.contactEmail !== 'string' || !PLAIN_EMAIL.test(n.contactEmail)) return;
  const links = [n.instagram, n.facebook, n.strava];
  if (!links.every((link) => typeof link === 'string' && LINK.test(link))) return;
  const candidate: ClubIdentity = {
    name: n.name,
    shortName: n.shortName,
    mainColour: n.mainColour,
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
