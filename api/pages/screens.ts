// The screens a page lands on, by the modules the PWA loads lazily for them (paths relative to pwa/).
// The build holds each page's first download to its budget from this list and writes what each page
// fetches besides the entry's files (scripts/budgets.ts, dist/.vite/pages.json), which the server
// preloads with the page's HTML (static.ts); it fails when a module named here is not in the build, so
// a screen that moves cannot silently drop out of either.
import { PUBLIC_PAGES } from '../../domain/contract/club/public-pages';

/** Stands for every team member's page (`/profile/<position>/<name>`). */
export const TEAM_PAGE = '/profile/:role/:name';

/**
 * A signed-in page: the members' routes, with the data layer they are nested under
 * (app/members/member-routes.tsx), and what the frame loads at once for someone signed in on any page (its
 * part of the frame, the navbar's sync indicator, the session's first read of the account).
 */
export const SIGNED_IN_START = ['app/members/member-routes.tsx', 'app/members/query-layer.tsx', 'app/members/member-frame.tsx', 'features/sync/sync-indicator.tsx', 'lib/session/session-calls.ts'];

/**
 * A visitor's page: its screen outside the data layer (docs/decisions/0062). The HTML cannot tell
 * whether someone is signed in (the session lives in the browser), so a public page preloads what a
 * visitor's needs.
 */
export const SCREEN_MODULES: Record<string, readonly string[]> = {
  '/': ['features/public/home-page.tsx'],
  '/join-us': ['features/public/join-us-page.tsx'],
  '/schedule': ['features/public/schedule-page.tsx'],
  '/faq': ['features/public/faq-page.tsx'],
  '/privacy': ['features/public/privacy-page.tsx'],
  '/resources': ['features/public/placeholder-pages.tsx'],
  '/team-gear': ['features/public/placeholder-pages.tsx'],
  [TEAM_PAGE]: ['features/team/team-profile-page.tsx'],
  '/coaches-exec': ['features/team/coaches-exec-page.tsx'],
  '/races': ['features/races/visitor-races-page.tsx'],
  '/login': ['features/auth/login-page.tsx'],
  '/reset-password': ['features/auth/reset-password-page.tsx'],
  '/forum': [...SIGNED_IN_START, 'features/forum/forum-page.tsx'],
};

/** Public pages whose form a visitor types into at once: the app starts with the page, not after it. */
export const FORM_PAGES: ReadonlySet<string> = new Set(['/login', '/reset-password']);

/** Every page a visitor may land on: the public pages' list, a team member's page, the reset link's. */
export const VISITOR_PAGES: readonly string[] = [...PUBLIC_PAGES.map((p) => p.path), TEAM_PAGE, '/reset-password'];
