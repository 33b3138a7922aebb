import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import Dexie from 'dexie';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOfflineDb, resetOfflineDbForTests } from '../../lib/offline/offline-db';
import { VisitorProviders } from '../../test-providers';
import { answerApi, jsonReply } from '../../test-server';
import { outboxOp } from '../../test-support';
import { LoginPage } from './login-page';

beforeEach(() => {
  localStorage.clear();
  answerApi(() => jsonReply({}));
});

afterEach(async () => {
  (await openOfflineDb())?.close();
  resetOfflineDbForTests();
  await Dexie.delete('club-offline');
});

describe('LoginPage after a session ended', () => {
  it('says what waits on this device for which account and that signing in sends it', async () => {
    const db = (await openOfflineDb())!;
    await db.outbox.add(outboxOp(7, { id: 'k1', userLabel: 'Sam' }));
    render(
      <VisitorProviders>
        <MemoryRouter initialEntries={['/login?reason=session-expired']}>
          <LoginPage />
        </MemoryRouter>
      </VisitorProviders>,
    );
    expect(
      await screen.findByText(/One change saved on this device waits for Sam’s account and has not reached the club yet\. Sign in as Sam to send it/),
    ).toBeInTheDocument();
  });

  it('says nothing when nothing waits', async () => {
    render(
      <VisitorProviders>
        <MemoryRouter initialEntries={['/login']}>
          <LoginPage />
        </MemoryRouter>
      </VisitorProviders>,
    );
    await screen.findByRole('heading', { name: 'Sign In' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/saved on this device/)).not.toBeInTheDocument();
  });
});
