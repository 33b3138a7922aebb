// What the server's HTML and the app's frame agree on for every page, apart from the public pages'
// list (public-pages.ts), which the frame loads only when it moves to another screen: a page's title,
// the data block a rendered page carries, the address of the first run's setup.

/**
 * The id of the JSON data block a server-rendered page carries: what the page was drawn from, which
 * the browser takes before hydrating (pwa/app/page-data.ts, api/pages/page-renderer.ts).
 */
export const PAGE_DATA_ID = 'page-data';

/** The one-time setup of an empty club (no account yet): gone (404) once it has run. */
export const SETUP_PATH = '/setup';

/** "Join Us · University Triathlon Club"; the club's name (its `club` document) alone for an empty title. */
export function documentTitle(title: string, clubName: string): string {
  return title ? `${title} · ${clubName}` : clubName;
}
