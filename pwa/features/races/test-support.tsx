// Test helpers for the races screens: a signed-in (or not) session and a mocked network (MSW) that
// answers like the API.
import { testUser } from '../../test-support';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { SessionUser } from '../../../domain/contract/auth';
import type { Race, RaceSignup } from '../../../domain/contract/races';
import type { Role } from '../../../domain/contract/roles';
import { AppProviders, VisitorProviders } from '../../test-providers';
import { answerApi, jsonReply } from '../../test-server';
import { writeSession } from '../../lib/session/session-storage';
import { addDays } from '../../../domain/clock';
import { clubTodayNow } from '../../lib/club/club-clock';
import { resetVisitorReads } from '../../lib/data/read';

export function sessionUser(role: Role, fields: Partial<SessionUser> = {}): SessionUser {
  const id = fields.id ?? 7;
  return testUser(role, { id, email: `user${id}@club.test`, name: 'Morgan Member', ...fields });
}

/** A date `days` from today in the club time zone. */
export const inDays = (days: number) => addDays(clubTodayNow()!, days);

export function signupRow(userId: number, name: string, picture: string | null = null): RaceSignup {
  return { id: userId * 10, user_id: userId, user_name: name, signup_time: 1_770_000_000_000, userProfilePictureUrl: picture };
}

export function race(fields: Partial<Race> & { id: number; name: string }): Race {
  return { date: inDays(10), location: '', description: '', signups: [], signupCount: 0, isSignedUp: false, ...fields };
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}
export type Answer = { status?: number; body?: unknown } | 'network-error' | Promise<{ status?: number; body?: unknown }>;
type Handler = (call: Call) => Answer | undefined;

/** Answers the API (MSW): `/api/auth/profile` with the session user, everything else through `handler`. */
export function stubApi(user: SessionUser | null, handler: Handler) {
  const calls: Call[] = [];
  answerApi(async (request) => {
    const call: Call = { method: request.method, path: request.path, body: request.body, headers: request.headers };
    calls.push(call);
    if (call.path === '/auth/profile' && user) return jsonReply({ user });
    const answer = await handler(call);
    if (answer === 'network-error') return 'network-error';
    if (!answer) return jsonReply({ error: 'Not found' }, 404);
    return jsonReply(answer.body ?? {}, answer.status ?? 200);
  });
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}

/** Where the router ended up, for redirect checks. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders `page` at `path` (route `pattern`) inside the session and a memory router. */
/** As in the app (router.tsx): a signed-in user's screens sit under the data layer, a visitor's do not. */
export function renderPage(page: ReactNode, { user, path, pattern }: { user: SessionUser | null; path: string; pattern: string }) {
  localStorage.clear();
  resetVisitorReads(); // a fresh page load, as AppProviders gives each render a fresh query cache
  if (user) writeSession(user, 'test-token');
  const Providers = user ? AppProviders : VisitorProviders;
  return render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={page} />
          <Route path="*" element={<p>Other page</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
}
