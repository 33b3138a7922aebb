import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dexie from 'dexie';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOfflineDb, resetOfflineDbForTests } from '../../lib/offline/offline-db';
import { cancelScheduled, setAutoReplay, stopWatching } from '../../lib/offline/outbox';
import { setOutboxState } from '../../lib/offline/outbox-store';
import { AppProviders } from '../../test-providers';
import { answerApi, jsonReply, type ApiCall } from '../../test-server';
import { storeSession, testUser } from '../../test-support';
import { SyncIndicator } from './sync-indicator';

let calls: ApiCall[];

beforeEach(() => {
  setAutoReplay(false);
  localStorage.clear();
  storeSession(testUser('member', { id: 7, name: 'Sam' }));
  calls = answerApi((call) => (call.url.includes('/rsvp') ? jsonReply({ status: 'going' }) : jsonReply(testUser('member', { id: 7, name: 'Sam' }))));
});

afterEach(async () => {
  cancelScheduled();
  stopWatching();
  setAutoReplay(true);
  (await openOfflineDb())?.close();
  resetOfflineDbForTests();
  await Dexie.delete('club-offline');
  setOutboxState({ ops: [], ready: false, syncing: false, paused: false, online: true });
  localStorage.clear();
});

describe('SyncIndicator', () => {
  it('says when the next retry is and offers Retry now, which sends at once', async () => {
    const db = (await openOfflineDb())!;
    await db.outbox.add({
      id: 'k-wait',
      userId: 7,
      userLabel: 'Sam',
      action: { kind: 'rsvp', eventId: 2, status: 'going' },
      entity: 'rsvp:2',
      createdAt: Date.now(),
      attempts: 4,
      nextAttemptAt: Date.now() + 30_000,
      state: 'pending',
    });
    render(
      <AppProviders>
        <MemoryRouter>
          <SyncIndicator />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByRole('link', { name: /1 to sync, next try in (29|30) seconds/ })).toBeInTheDocument();
    setAutoReplay(true);
    await userEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/rsvp')).map((c) => c.headers['idempotency-key'])).toEqual(['k-wait']));
    expect(await screen.findByRole('link', { name: 'All synced' })).toBeInTheDocument();
  });
});
