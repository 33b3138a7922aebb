import { storeSession, testUser } from '../../test-support';
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { SessionUser } from '../../../domain/contract/auth';
import type { TeamMember } from '../../../domain/contract/profiles';
import type { Role } from '../../../domain/contract/roles';
import { readToken } from '../../lib/session/session-storage';
import { resetVisitorReads } from '../../lib/data/read';
import { AppProviders, VisitorProviders } from '../../test-providers';
import { answerApi, jsonReply, type ApiCall } from '../../test-server';

export const LONG_BIO =
  'Former varsity swimmer and Level 2 certified coach. Maya runs the Tuesday and Thursday swims and loves turning nervous beginners into confident open-water racers.';

export function team(): TeamMember[] {
  const m = (id: string, role: string, name = '', bio = '', email = '', image = ''): TeamMember => ({ id, role, name, bio, email, image });
  return [
    m('swim-coach', 'Swim Coach', 'Maya Chen', LONG_BIO, 'swim.coach@club.test'),
    m('run-coach', 'Run Coach', 'Daniel Okafor', 'Marathoner.', ''),
    m('co-president', 'Co-President', 'Priya Sharma', 'Fourth year.'),
    m('co-president-2', 'Co-President', 'Lucas Martin'),
    m('treasurer', 'Treasurer', 'Emily Wong', 'Keeps the books.', '', '/uploads/emily.webp'),
    m('secretary', 'Secretary'),
    m('social-coordinator', 'Social Coordinator', 'Aisha Patel', 'Pancakes.'),
    m('social-media', 'Social Media', 'Noah Kim'),
    m('webmaster', 'Webmaster', 'Olivia Brown', 'First paragraph.\n\nSecond paragraph.'),
    m('workout-coordinator', 'Workout Coordinator', 'Ethan Clarke', 'Books the pool.'),
  ];
}

type Handler = (init: { method: string; body: string | undefined }, url: string) => Response | Promise<Response>;

export const json = jsonReply;

/** Answers the API (through MSW) with one handler per "METHOD /api/path"; anything else answers 404. */
export function stubApi(routes: Record<string, Handler>) {
  return answerApi((call) => {
    const handler = routes[`${call.method} ${call.url.split('?')[0]}`];
    return handler ? handler({ method: call.method, body: call.text }, call.url) : json({ error: 'Not found' }, 404);
  });
}

/** The requests made to "METHOD /api/path", each as [url, { method, body }]. */
export function callsTo(calls: ApiCall[], key: string) {
  return calls.filter((c) => `${c.method} ${c.url}` === key).map((c) => [c.url, { method: c.method, body: c.text, headers: c.headers }] as const);
}

/** Puts a signed-in user of `role` in browser storage, as a login would. */
export function signInAs(role: Role): SessionUser {
  const user = testUser(role, { id: 7, join_date: null, expiry_date: null });
  storeSession(user);
  return user;
}

/**
 * As in the app (router.tsx): with a signed-in user the page sits under the data layer (TanStack
 * Query); a visitor's does not, and its reads run on the visitor runner of lib/data/read.ts.
 */
export function renderAt(path: string, pattern: string, element: ReactNode) {
  resetVisitorReads(); // a fresh page load, as AppProviders gives each render a fresh query cache
  const Providers = readToken() ? AppProviders : VisitorProviders;
  return render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}
