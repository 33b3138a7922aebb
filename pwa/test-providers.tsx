// The providers every screen has in the app: the session and the data layer, with a fresh query
// cache per test so no answer leaks from one test into the next.
import type { QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { QueryLayer } from './app/query-layer';
import { createQueryClient } from './lib/data/query-client';
import { SessionProvider } from './lib/session/session';

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
      <QueryLayer client={client} persist={typeof indexedDB !== 'undefined'}>
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
