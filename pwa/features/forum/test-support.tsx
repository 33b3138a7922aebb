// Shared arrangement for the forum component tests: a signed-in session, a mocked network (MSW)
// answering per URL, and the screen rendered inside the app's providers and a memory router.
import { testUser } from '../../test-support';
import { render } from '@testing-library/react';
import Dexie from 'dexie';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { SessionUser } from '../../../domain/contract/auth';
import type { Role } from '../../../domain/contract/roles';
import { openOfflineDb, resetOfflineDbForTests } from '../../lib/offline/offline-db';
import { cancelScheduled, setAutoReplay, stopWatching } from '../../lib/offline/outbox';
import { closeQueriesDb, QUERIES_DB } from '../../lib/data/query-persister';
import { setOutboxState } from '../../lib/offline/outbox-store';
import { AppProviders } from '../../test-providers';
import { answerApi, jsonReply } from '../../test-server';

export function makeUser(role: Role = 'member', overrides: Partial<SessionUser> = {}): SessionUser {
  return testUser(role, { id: 3, name: role === 'exec' ? 'Erin Exec' : 'Morgan Member', ...overrides });
}

/** Stores the session the way the app does: exactly 'user' and 'token' (lib/session/session-storage.ts). */
export function signInAs(user: SessionUser): void {
  localStorage.setItem('token', 'test-token');
  localStorage.setItem('user', JSON.stringify(user));
}

export interface Call {
  method: string;
  /** Path after /api, with the query. */
  path: string;
  body: unknown;
  headers: Record<string, string>;
}
type Answer = { status?: number; body?: unknown };
export type Handler = (call: Call) => Answer | Promise<Answer>;

/**
 * Answers the API (MSW): `routes` maps 'METHOD /path?query' (after /api) to an answer or a handler.
 * Unknown routes answer 404. GET /auth/profile answers with `user` unless a route overrides it.
 */
export function stubFetch(routes: Record<string, Answer | Handler>, user?: SessionUser) {
  const calls: Call[] = [];
  answerApi(async (request) => {
    const call: Call = { method: request.method, path: request.path, body: request.body, headers: request.headers };
    calls.push(call);
    const key = `${call.method} ${call.path}`;
    let route = routes[key];
    if (!route && key === 'GET /auth/profile' && user) route = { body: { user } };
    const answer: Answer = !route ? { status: 404, body: { error: 'Not found' } } : typeof route === 'function' ? await route(call) : route;
    return jsonReply(answer.body, answer.status ?? 200);
  });
  return {
    calls,
    /** The calls other than the session's own profile refresh. */
    apiCalls: () => calls.filter((c) => c.path !== '/auth/profile'),
    count: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).length,
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders `element` at `url`, matched by `pattern`, with /login and /forum as landing spots. */
export function renderAt(url: string, pattern: string, element: ReactElement) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={pattern} element={element} />
          {pattern !== '/login' && <Route path="/login" element={<p>Login screen</p>} />}
          {pattern !== '/forum' && <Route path="/forum" element={<p>Forum screen</p>} />}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
}

/**
 * Renders several screens of the app under one data layer, starting at `url`: going from one to the
 * other (by their links) keeps the same query cache, as in the app.
 */
export function renderRoutes(url: string, routes: Record<string, ReactElement>) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          {Object.entries(routes).map(([pattern, element]) => (
            <Route key={pattern} path={pattern} element={element} />
          ))}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
}

/**
 * A fresh, idle outbox (and no persisted answers) for each test: nothing replays by itself, so a queued action stays queued and
 * the screen's "not yet synced" state can be checked.
 */
export async function resetOutbox(): Promise<void> {
  setAutoReplay(false);
  cancelScheduled();
  stopWatching();
  (await openOfflineDb())?.close();
  resetOfflineDbForTests();
  await Dexie.delete('club-offline');
  // And the persisted query cache: one test's answers are never another's first paint.
  await closeQueriesDb();
  await Dexie.delete(QUERIES_DB);
  setOutboxState({ ops: [], paused: false, online: true, syncing: false, ready: false, storageAvailable: true });
}
