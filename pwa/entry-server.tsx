// Renders a public page to HTML on the server (api/pages/page-renderer.ts loads this, compiled to
// dist-server/pages.js): the same tree main.tsx hydrates, for a visitor (nobody is signed in on
// the server), with the club's settings and the page's public answers (app/page-data.ts). Every
// screen that loads on demand is waited for, so the HTML holds the whole page.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from './app/router';
import { applyPageData, type PageData } from './app/page-data';
import { resetVisitorReads } from './lib/data/read';
import { SessionProvider } from './lib/session/session';

export { teamKeys } from './features/team/api/team-queries';
export { raceKeys } from './lib/data/keys/race-keys';
export { documentKeys } from './lib/documents/club-document-keys';

/** The markup of `url` (path and query) for a visitor, to put inside `<div id="root">`. */
export async function renderPage(url: string, data: PageData): Promise<string> {
  // One page at a time (the caller waits for each): the answers are this page's only.
  resetVisitorReads();
  applyPageData(data);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <SessionProvider>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </SessionProvider>
    </StrictMode>,
    // Never split a large boundary out to be revealed later by an inline script: the CSP refuses
    // inline scripts, and a prerender has the whole page at once anyway.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  // A screen that failed here would reach the browser half drawn (React's client-render fallback, an
  // inline script the CSP refuses): the caller serves the app's shell instead.
  if (errors.length > 0) throw errors[0];
  const chunks: Buffer[] = [];
  for await (const chunk of prelude)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
