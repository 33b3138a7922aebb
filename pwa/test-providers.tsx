// The providers every screen has in the app: the session and the data layer, with a fresh query
// cache per test so no answer leaks from one test into the next; and renderAt, which puts a screen
// at an address inside them as the router would.
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { SessionUser } from '../domain/contract/members/auth';
import { QueryLayer } from './app/members/query-layer';
import { createQueryClient } from './lib/data/query-client';
import { resetVisitorReads } from './lib/data/read';
import { SessionProvider } from './lib/session/session';
import { readToken } from './lib/session/session-storage';
import { storeSession } from './test-support';

let current: QueryClient | null = null;

/** The query cache of the screen rendered last, for tests that act as another screen would. */
export function testQueryClient(): QueryClient {
  if (!current) throw new Error('Render inside AppProviders first');
  return current;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [client] = useState(() => (current = createQueryClient()));
  return (
    <SessionProvider>
      <QueryLayer client={client} persist={typeof indexedDB !== 'undefined'} offlineSet={false}>
        {children}
      </QueryLayer>
    </SessionProvider>
  );
}

/**
 * What a visitor's screen has in the app (router.tsx): the session and no data layer, so public
 * reads run on the visitor runner of lib/data/read.ts and TanStack Query is not there to lean on.
 */
export function VisitorProviders({ children }: { children: ReactNode }) {
  return <SessionProvider>{children}</SessionProvider>;
}

/** Where the router is now (path and query), for checks that a screen sent the user elsewhere. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export interface RenderOptions {
  /** Signs this user in (null: signs out) before the screen opens; left out, storage stays as it is. */
  user?: SessionUser | null;
  /**
   * A screen a visitor may open (router.tsx's public reads: races, the team, sign-in): without a
   * session it renders outside the data layer, as in the app. Every other screen sits under it.
   */
  visitor?: boolean;
}

/**
 * Renders `element` at `url`, matched by `pattern`, as one fresh page load. Any other address shows
 * "Other page"; the element with test id "location" says where the router is.
 */
export function renderAt(url: string, pattern: string, element: ReactNode, { user, visitor = false }: RenderOptions = {}) {
  if (user !== undefined) {
    localStorage.clear();
    if (user) storeSession(user);
  }
  resetVisitorReads(); // a fresh page load: a visitor's reads start empty, as each AppProviders' cache does
  const Providers = visitor && !readToken() ? VisitorProviders : AppProviders;
  return render(
    <Providers>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="*" element={<p>Other page</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
}
