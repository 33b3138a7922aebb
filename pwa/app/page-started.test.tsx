import 'fake-indexeddb/auto';
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazy, type ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SessionProvider } from '../lib/session/session';
import { resetDevice } from '../test-device';
import { answerRoutes } from '../test-server';
import { Layout } from './layout';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  delete document.documentElement.dataset.app;
});

afterEach(async () => {
  vi.restoreAllMocks();
  cleanup();
  await resetDevice();
});

describe('the page-started mark', () => {
  it('is set once the page in the frame has arrived and committed, not when the frame alone has', async () => {
    let arrive: (page: { default: () => ReactElement }) => void = () => {};
    const Page = lazy(() => new Promise<{ default: () => ReactElement }>((resolve) => (arrive = resolve)));
    answerRoutes({});
    render(
      <SessionProvider>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route element={<Layout />}>
              <Route path="/" element={<Page />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </SessionProvider>,
    );
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(document.documentElement.dataset.app).toBeUndefined();

    await act(async () => arrive({ default: () => <p>The page</p> }));
    expect(await screen.findByText('The page')).toBeInTheDocument();
    expect(document.documentElement.dataset.app).toBe('started');
  });
});
