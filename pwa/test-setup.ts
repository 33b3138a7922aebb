import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { setClubTimeZone } from './lib/club/club-clock';
import { resetVisitorReads } from './lib/data/read';
import { server } from './test-server';

// findBy… and waitFor wait for what a test needs, not for Testing Library's default second: on a busy
// machine a lazily loaded dialog or a first render can take longer, and a test must not fail for it.
// A test still ends at its own timeout (vitest.config.ts) when what it waits for never comes.
configure({ asyncUtilTimeout: 15_000 });

// The club the component tests picture is in Toronto (the server's default CLUB_TIMEZONE); in the app
// the zone comes from GET /api/config.
setClubTimeZone('America/Toronto');

// Every request of a component test goes to MSW; one that no test answers fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Testing Library only cleans up by itself when test globals are on; they are not here.
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetVisitorReads();
  // Nothing one test does to the page's world reaches the next: storage, spies, stubbed globals, clocks.
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
// A device copy being restored when a file's last test ends (fake-indexeddb answers on later macrotasks)
// would set React state after the file's window is gone: let those answers land before the file ends.
afterAll(async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  server.close();
});
