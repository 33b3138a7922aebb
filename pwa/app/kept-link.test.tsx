import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { MembersOnlyPage, RequireRole } from '../components/require-role';
import { peekReturnPath } from '../lib/session/return-to';
import { SessionProvider } from '../lib/session/session';
import { resetDevice } from '../test-device';
import { answerRoutes } from '../test-server';
import { storeSession, testUser } from '../test-support';
import { Layout } from './layout';

const pending = testUser('pending', { id: 7, name: 'Pia Pending', charterAccepted: true });
const approved = testUser('member', { id: 7, name: 'Pia Pending', charterAccepted: true });

function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** The app opened at `url` (a fresh load: the router's first entry), with the frame and three screens. */
function openApp(url: string) {
  answerRoutes({});
  return render(
    <SessionProvider>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route element={<Layout />}>
            <Route path="/" element={<p>Home page</p>} />
            <Route
              path="/forum"
              element={
                <RequireRole min="member">
                  <p>Forum page</p>
                </RequireRole>
              }
            />
            <Route
              path="/workout/:id"
              element={
                <RequireRole min="member" denied={<MembersOnlyPage />}>
                  <p>Workout page</p>
                </RequireRole>
              }
            />
          </Route>
        </Routes>
        <Where />
      </MemoryRouter>
    </SessionProvider>,
  );
}

const tapForum = () => userEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link', { name: 'Forum' })[0]!);

beforeEach(() => {
  // The frame opens each page at its top (scroll-memory.ts); jsdom does not scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(async () => {
  vi.restoreAllMocks();
  cleanup();
  localStorage.clear();
  await resetDevice();
});

describe('the link a pending member opened', () => {
  it('opens once after approval, whatever they tapped while waiting', async () => {
    storeSession(pending);
    openApp('/workout/12');
    expect(await screen.findByRole('heading', { name: 'Members only' })).toBeInTheDocument();
    expect(peekReturnPath()).toBe('/workout/12');

    // While waiting, a tap on Forum shows the notice there, and the promised link stays kept.
    await tapForum();
    expect(await screen.findByText('Your membership is pending')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/forum');
    expect(peekReturnPath()).toBe('/workout/12');
    cleanup();

    // Approved: the next time the app opens (at Forum, where they left it), the workout opens.
    storeSession(approved);
    openApp('/forum');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/workout/12'));
    expect(screen.getByText('Workout page')).toBeInTheDocument();
    expect(peekReturnPath()).toBeNull();
    cleanup();

    // Once: the app opens where it is opened after that.
    openApp('/forum');
    expect(await screen.findByText('Forum page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/forum');
  });

  it('is not made of a page tapped inside the app: with no link opened, approval opens where the app is', async () => {
    storeSession(pending);
    openApp('/');
    await tapForum();
    expect(await screen.findByText('Your membership is pending')).toBeInTheDocument();
    expect(peekReturnPath()).toBeNull();
    cleanup();

    storeSession(approved);
    openApp('/');
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
