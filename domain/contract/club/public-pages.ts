// The pages anyone may open, and what a search result or a shared link says about each: the server
// writes each page's head (title, description, canonical URL, Open Graph and Twitter card) and the
// sitemap from this list, the build draws each page's 1200x630 preview image from it, and the PWA
// sets the same title and description when it moves between screens. A new public page is one line.

import type { ClubIdentity } from '../../documents/club-identity';

/** What a page's description is drawn from: the club's settings in force (its `club` document). */
export type ClubWords = Pick<ClubIdentity, 'name' | 'description'>;

export interface PublicPage {
  path: string;
  /** The page's name: the first part of its <title> ("Join Us · University Triathlon Club"). */
  title: string;
  /** Its h1, in the HTML the server renders before any script runs. */
  heading: string;
  /** What a search result or a shared link says of it, naming the club as it is set (Admin → Club). */
  description: (club: ClubWords) => string;
  /** Its preview image: /og/<image>.png, 1200x630, drawn at build time. */
  image: string;
}

// One line a page (prettier-ignore keeps it so).
// prettier-ignore
export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', title: 'Home', heading: 'Swim. Bike. Run. Together.', image: 'home', description: (club) => club.description },
  { path: '/join-us', title: 'Join Us', heading: 'Join Us', image: 'join-us', description: (club) => `How to join the ${club.name}: membership, fees, what to bring and who to ask.` },
  { path: '/schedule', title: 'Schedule', heading: 'Schedule', image: 'schedule', description: (club) => `The weekly training schedule of the ${club.name}: every session, when it starts and where it meets.` },
  { path: '/coaches-exec', title: 'Coaches and Exec', heading: 'Coaches and Executive Team', image: 'coaches-exec', description: (club) => `Meet the coaches and the executive team who run the ${club.name}.` },
  { path: '/faq', title: 'FAQ', heading: 'Frequently Asked Questions', image: 'faq', description: (club) => `Answers to the questions new members ask about the ${club.name}: levels, gear, costs and races.` },
  { path: '/resources', title: 'Resources', heading: 'Resources', image: 'resources', description: (club) => `Training resources collected by the ${club.name}: plans, guides and helpful links.` },
  { path: '/team-gear', title: 'Team Gear', heading: 'Team Gear', image: 'team-gear', description: (club) => `Team gear of the ${club.name}: club-branded kits and merchandise, and how to order.` },
  { path: '/races', title: 'Races', heading: 'Races', image: 'races', description: (club) => `Races the members of the ${club.name} are entering this season, and who is going.` },
  { path: '/privacy', title: 'Privacy', heading: 'Privacy', image: 'privacy', description: (club) => `What the ${club.name} stores about members, who sees it, how long it is kept, and how to download or delete it.` },
  { path: '/login', title: 'Sign In', heading: 'Sign In', image: 'login', description: (club) => `Sign in to the ${club.name} app, or create an account to join workouts and events.` },
];

/** The club's own preview image, for members-only links and pages without one of their own. */
export const CLUB_IMAGE = 'club';

/** A team member's page (`/profile/<position>/<name>`): public, one per position, from the database. */
export const TEAM_PROFILE_PATH = /^\/profile\/([^/]+)\/([^/]+)$/;
export const TEAM_PROFILE_IMAGE = 'coaches-exec';

/** Screens for members only: a shared link to one says so and nothing of the item. */
export const MEMBERS_ONLY_PATHS =
  /^\/(?:forum|workout|event|race|profile|admin|attendance|sync|dashboard|logout)(?:\/|$)/;

export const MEMBERS_ONLY_TITLE = 'Members only';

/** What a link to a members-only screen says. */
export function membersOnlyDescription(club: ClubWords): string {
  return `This page is for members of the ${club.name}: sign in to see it.`;
}

export function publicPage(path: string): PublicPage | undefined {
  const normal = path.length > 1 ? path.replace(/\/$/, '') : path;
  return PUBLIC_PAGES.find((p) => p.path === normal);
}
