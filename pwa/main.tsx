import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadClubConfig, loadClubConfigWhenControlled } from './lib/club/club-zone';
import { applyPageData, readPageData } from './app/page-data';
import { keepPageDocuments, loadPageDocumentsWhenControlled } from './lib/documents/page-documents';
import { readToken } from './lib/session/session-storage';
import { SessionProvider } from './lib/session/session';
import { AppRoutes } from './app/router';
import './styles.css';

// The app's start, in every page's first download: it takes over a page the server rendered, or draws
// one. It holds the public frame only (docs/decisions/0138); a visitor's page quiet while it does
// (docs/decisions/0141).

loadClubConfigWhenControlled();
loadPageDocumentsWhenControlled();
// zod 4 probes `new Function` on its first parse to pick a faster path; under our CSP (no
// 'unsafe-eval') the probe is refused and Chromium logs a CSP issue (Lighthouse best practices).
// Set through zod's global config object rather than `import { config } from 'zod'`, which would
// pull zod into the entry chunk of every page (zod loads with the pages that validate). zod keeps
// an object that is already there, and this fills the one it made if it came first.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });

/** Runs `work` once the browser has nothing more urgent to do (the page taken over, its screen drawn). */
function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 4000 });
  else setTimeout(work, 1500);
}

const app = (
  <StrictMode>
    <SessionProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </SessionProvider>
  </StrictMode>
);
const root = document.getElementById('root')!;
// A public page comes rendered by the server (api/pages/page-renderer.ts) for a visitor: the browser takes
// it over as it is (hydration), from the same settings and answers. Someone signed in sees their own
// version of the page (Home's week, the member's races), so it is drawn afresh; so is the app's
// shell (the service worker's copy, a screen the server does not render).
const pageData = readPageData(document);
if (pageData && root.firstElementChild && !readToken()) {
  applyPageData(pageData);
  // As a transition, React takes the page over in slices of a few milliseconds, yielding to the
  // browser between them, instead of in one long task a tap would wait behind. The page is the
  // server's until then, and its links work as links.
  startTransition(() => {
    hydrateRoot(root, app);
  });
  // The page came with the club's settings and its texts: the settings are read again, and the texts
  // kept for offline visits, once the page is the app's.
  whenIdle(() => {
    keepPageDocuments(pageData.reads);
    void loadClubConfig();
  });
} else {
  // Not awaited: the first paint never waits for the network; screens that need the club's clock
  // re-render when it is known (and use the stored zone meanwhile).
  void loadClubConfig();
  root.replaceChildren();
  createRoot(root).render(app);
}
