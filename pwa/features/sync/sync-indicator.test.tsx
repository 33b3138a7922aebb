import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setAutoReplay } from '../../lib/offline/outbox';
import { keepOnDevice, resetDevice } from '../../test-device';
import { renderAt } from '../../test-providers';
import { answerRoutes } from '../../test-server';
import { outboxOp, storeSession, testUser } from '../../test-support';
import { SyncIndicator } from './sync-indicator';

const sam = testUser('member', { id: 7, name: 'Sam' });

beforeEach(async () => {
  await resetDevice();
  storeSession(sam);
});

describe('SyncIndicator', () => {
  it('says when the next retry is and offers Retry now, which sends at once', async () => {
    const api = answerRoutes({ 'POST /forum/events/:id/rsvp': { status: 'going' } }, { user: sam });
    // An RSVP that failed four times, its next try 30 seconds away.
    await keepOnDevice(outboxOp(sam.id, { id: 'k-wait', userLabel: 'Sam', attempts: 4, nextAttemptAt: Date.now() + 30_000 }));
    renderAt('/', '/', <SyncIndicator />);
    expect(await screen.findByRole('link', { name: /1 to sync, next try in (29|30) seconds/ })).toBeInTheDocument();
    setAutoReplay(true);
    await userEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(api.to('POST /forum/events/:id/rsvp').map((c) => c.headers['idempotency-key'])).toEqual(['k-wait']));
    expect(await screen.findByRole('link', { name: 'All synced' })).toBeInTheDocument();
  });
});
