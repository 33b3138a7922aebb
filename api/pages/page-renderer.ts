// Public pages rendered on the server, so the HTML a visitor (or a link preview, or a crawler) gets
// holds the page itself, not an empty <div id="root">: the PWA's own screens, compiled for Node by
// the build (pwa/entry-server.tsx → dist-server/pages.js) and loaded here at run time (the server
// never imports the PWA's sources). The browser hydrates that HTML from the same data, which the page
// carries as a JSON data block (app/page-data.ts).
//
// Rendered per request, from the database as it is, and kept: each page is kept under its address
// and a digest of everything it was drawn from (the club's settings, the public answers it shows, the
// club's date), so a page is drawn again exactly when what it shows has changed (an exec edits a team
// card, a race is added, a page's text is published, the day turns) and never served stale. A render takes 15-40 ms; a kept page
// costs the reads it is made from (two small SELECTs at most).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { clubToday } from '../../domain/clock';
import type { PageKey } from '../../domain/documents/club-pages';
import { publicPage, TEAM_PROFILE_PATH } from '../../domain/contract/club/public-pages';
import { APP_ROOT } from '../platform/app-root';
import type { AppDeps } from '../platform/context';
import { teamMemberAt } from './page-heads';
import { clubRegion, clubRules, clubSports } from '../club/settings';
import { clubTerms } from '../club/terms';
import type { SportsDocument } from '../../domain/sports';
import { listRaces } from '../races/races';
import type { RuleNumbers } from '../../domain/rules';
import { listTeamMembers } from '../team/team-profiles';
import { readDocument } from '../club/documents';
import type { DocumentKey } from '../../domain/documents/club-documents';
import { clubContactEmail, clubIdentity } from '../club/identity/identity';
import type { ClubIdentity } from '../../domain/documents/club-identity';
import { clubTimeZone } from '../platform/club-time-zone';
import type { ClubRegion } from '../../domain/region/club-region';

/** The compiled pages module (`npm run build`). */
export const PAGES_MODULE = join(APP_ROOT, 'dist-server', 'pages.js');

interface PageData {
  club: ClubIdentity;
  clubEmail: string;
  clubTimeZone: string;
  region: ClubRegion;
  passkeys: boolean;
  rules: RuleNumbers;
  /** The club's workout types, on the schedule (its sessions' badges). */
  sports?: SportsDocument;
  at: number;
  reads: [queryKey: unknown[], data: unknown][];
}

interface PagesModule {
  renderPage: (url: string, data: PageData) => Promise<string>;
  teamKeys: { all: readonly unknown[] };
  raceKeys: { list: () => readonly unknown[] };
  documentKeys: { document: (key: DocumentKey) => readonly unknown[] };
}

/** The public pages drawn from page documents: the page carries them (their Markdown rendered). */
const PAGE_DOCUMENTS: Record<string, PageKey[]> = {
  '/': ['home-page'],
  '/join-us': ['join-page', 'charter'],
  '/faq': ['faq-page'],
  '/resources': ['resources-page'],
  '/team-gear': ['gear-page'],
};

export interface RenderedPage {
  markup: string;
  /** The JSON of the page's data, safe inside a <script> element. */
  dataJson: string;
}

const KEPT_PAGES = 100;

/**
 * JSON to put inside a `<script type="application/json">`: every `<` escaped, so no text in it (an
 * FAQ answer holding "</script>" or "<!--") can close the element or open a comment; the JSON reads
 * back the same.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Paths the server renders: the public pages (with their own content) and the team's pages. */
export function isRenderedPath(path: string): boolean {
  return publicPage(path) !== undefined || TEAM_PROFILE_PATH.test(path);
}

export type PageRenderer = (deps: AppDeps, path: string, search: string) => Promise<RenderedPage | null>;

/**
 * A renderer from the compiled pages module at `modulePath`; it answers null (the browser then draws
 * the page) when the module is missing (a server run from the sources) or a page fails to render.
 */
export function pageRenderer(modulePath: string): PageRenderer {
  let loaded: Promise<PagesModule | null> | null = null;
  const load = () =>
    (loaded ??= existsSync(modulePath)
      ? (import(pathToFileURL(modulePath).href) as Promise<PagesModule>).catch(() => null)
      : Promise.resolve(null));
  const kept = new Map<string, RenderedPage>();
  // One render at a time: the screens read module-level state (the club's settings, the answers).
  let queue: Promise<unknown> = Promise.resolve();

  return async (deps, path, search) => {
    if (!isRenderedPath(path)) return null;
    const pages = await load();
    if (!pages) return null;
    const reads: [unknown[], unknown][] = [];
    if (path === '/coaches-exec' || TEAM_PROFILE_PATH.test(path)) {
      const teamMembers = listTeamMembers(deps);
      // An unknown position is the browser's "Profile not found", not a page to keep.
      if (path !== '/coaches-exec' && !teamMemberAt(path, teamMembers)) return null;
      reads.push([[...pages.teamKeys.all], { teamMembers }]);
    }
    if (path === '/races') reads.push([[...pages.raceKeys.list()], { races: listRaces(deps, null) }]);
    // The document carries its version, so the kept page's key changes with each publish.
    if (path === '/schedule') reads.push([[...pages.documentKeys.document('seasons')], readDocument(deps, 'seasons')]);
    // A document's version is in what the page is kept under: a publish shows on the next request.
    for (const pageKey of PAGE_DOCUMENTS[path.length > 1 ? path.replace(/\/$/, '') : path] ?? []) {
      reads.push([[...pages.documentKeys.document(pageKey)], readDocument(deps, pageKey)]);
    }
    const settings = {
      // The club's name, colour and links are drawn on every page: an edit makes a new key.
      club: clubIdentity(deps),
      clubEmail: clubContactEmail(deps),
      clubTimeZone: clubTimeZone(deps),
      // The dates a page shows are written in the club's language: a change makes a new key.
      region: clubRegion(deps),
      passkeys: deps.env.PASSKEYS.enabled,
      rules: clubRules(deps),
      ...(path === '/schedule' && { sports: clubSports(deps) }),
      // Join us lists the terms of the club's year: an edit in Admin → Terms makes a new key.
      ...(path === '/join-us' && { terms: [...clubTerms(deps)] }),
      reads,
    };
    const now = deps.clock();
    const url = `${path}${search}`;
    const key = `${url}\n${createHash('sha256')
      .update(JSON.stringify([settings, clubToday(now, clubTimeZone(deps))]))
      .digest('base64url')}`;
    const hit = kept.get(key);
    if (hit) return hit;
    const data: PageData = { ...settings, at: now };
    const render = queue.then(() => pages.renderPage(url, data));
    queue = render.catch(() => undefined);
    let markup: string;
    try {
      markup = await render;
    } catch (err) {
      deps.logger.warn({ err, path }, 'page render failed; the browser draws it');
      return null;
    }
    // The page's scripts are the built files: an inline script (React's fallback for a part it could
    // not finish) would be refused by the CSP and leave that part blank, so the shell is served.
    if (/<script/i.test(markup)) {
      deps.logger.warn({ path }, 'page render left an inline script; the browser draws it');
      return null;
    }
    const page = { markup, dataJson: jsonForScript(data) };
    // Only plain addresses are kept: a query string (a sign-in page's reason) is anyone's to vary.
    if (!search) {
      if (kept.size >= KEPT_PAGES) kept.clear();
      kept.set(key, page);
    }
    return page;
  };
}
