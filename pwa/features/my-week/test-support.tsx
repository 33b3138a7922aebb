// Shared arrangement for the "my week" component tests: a signed-in member, a mocked network (MSW)
// answering per URL, and the section rendered inside the app's providers, with a fresh device.
import { render } from '@testing-library/react';
import Dexie from 'dexie';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { SessionUser } from '../../../domain/contract/auth';
import type { Role } from '../../../domain/contract/roles';
import { closeQueriesDb, QUERIES_DB } from '../../lib/data/query-persister';
import { openOfflineDb, resetOfflineDbForTests } from '../../lib/offline/offline-db';
import { cancelScheduled, setAutoReplay, stopWatching } from '../../lib/offline/outbox';
import { setOutboxState } from '../../lib/offline/outbox-store';
import { AppProviders } from '../../test-providers';
import { answerApi, jsonReply } from '../../test-server';
import { storeSession, testUser } from '../../test-support';

export function makeUser(role: Role = 'member', overrides: Partial<SessionUser> = {}): SessionUser {
  return testUser(role, { id: 3, name: 'Morgan Member', ...overrides });
}

/** Stores the session the way the app does. */
export function signInAs(user: SessionUser): void {
  storeSession(user);
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
 * Answers the API: `routes` maps 'METHOD /path?query' (after /api) to an answer or a handler; a
 * handler that throws is a request that got no answer. Unknown routes answer 404; GET /auth/profile
 * answers with `user`.
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

/** Renders `element` at `url`, matched by `pattern`, under the data layer. */
export function renderAt(url: string, pattern: string, element: ReactElement) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={pattern} element={element} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

/**
 * A fresh, idle outbox and no answers kept on the device for each test: nothing replays by itself,
 * so a queued change stays queued and its "not yet synced" mark can be checked.
 */
export async function resetOutbox(): Promise<void> {
  setAutoReplay(false);
  cancelScheduled();
  stopWatching();
  (await openOfflineDb())?.close();
  resetOfflineDbForTests();
  await Dexie.delete('club-offline');
  await closeQueriesDb();
  await Dexie.delete(QUERIES_DB);
  setOutboxState({ ops: [], paused: false, online: true, syncing: false, ready: false, storageAvailable: true });
}
