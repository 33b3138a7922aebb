// The pages anyone may open, and what a search result or a shared link says about each: the server
// writes each page's head (title, description, canonical URL, Open Graph and Twitter card) and the
// sitemap from this list, the build draws each page's 1200x630 preview image from it, and the PWA
// sets the same title and description when it moves between screens. A new public page is one line.

export const CLUB_NAME = 'University Triathlon Club';

export const DEFAULT_DESCRIPTION =
  'The university triathlon club: swim, bike and run with us. Schedule, how to join, workouts, events and races.';

export interface PublicPage {
  path: string;
  /** The page's name, as its h1 and the first part of its <title> ("Join Us · University Triathlon Club"). */
  title: string;
  description: string;
  /** Its preview image: /og/<image>.png, 1200x630, drawn at build time. */
  image: string;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', title: 'Home', description: DEFAULT_DESCRIPTION, image: 'home' },
  {
    path: '/join-us',
    title: 'Join Us',
    description: 'How to join the university triathlon club: membership, fees, what to bring and who to ask.',
    image: 'join-us',
  },
  {
    path: '/schedule',
    title: 'Schedule',
    description:
      'The weekly training schedule of the university triathlon club: swim, bike, run and brick sessions.',
    image: 'schedule',
  },
  {
    path: '/coaches-exec',
    title: 'Coaches and Exec',
    description: 'Meet the coaches and the executive team who run the university triathlon club.',
    image: 'coaches-exec',
  },
  {
    path: '/faq',
    title: 'FAQ',
    description:
      'Answers to the questions new members ask about the university triathlon club: levels, gear, costs and races.',
    image: 'faq',
  },
  {
    path: '/resources',
    title: 'Resources',
    description:
      'Training resources collected by the university triathlon club: plans, guides and helpful links.',
    image: 'resources',
  },
  {
    path: '/team-gear',
    title: 'Team Gear',
    description: 'University triathlon club team gear: club-branded kits and merchandise, and how to order.',
    image: 'team-gear',
  },
  {
    path: '/races',
    title: 'Races',
    description: 'Races the university triathlon club members are entering this season, and who is going.',
    image: 'races',
  },
  {
    path: '/login',
    title: 'Sign In',
    description:
      'Sign in to the university triathlon club app, or create an account to join workouts and events.',
    image: 'login',
  },
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
export const MEMBERS_ONLY_DESCRIPTION =
  'This page is for members of the university triathlon club: sign in to see it.';

/** "Join Us · University Triathlon Club"; the club's name alone for an empty title. */
export function documentTitle(title: string): string {
  return title ? `${title} · ${CLUB_NAME}` : CLUB_NAME;
}

export function publicPage(path: string): PublicPage | undefined {
  const normal = path.length > 1 ? path.replace(/\/$/, '') : path;
  return PUBLIC_PAGES.find((p) => p.path === normal);
}
