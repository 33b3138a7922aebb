import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { openOfflineDb, type OutboxOp } from '../../lib/offline/offline-db';
import { PROMOTED_MESSAGE, refreshOutboxState, replay } from '../../lib/offline/outbox';
import { keepOnDevice, resetDevice } from '../../test-device';
import { renderAt } from '../../test-providers';
import { answerRoutes, jsonReply } from '../../test-server';
import { outboxOp, storeSession, testUser } from '../../test-support';
import { SyncPage } from './sync-page';

const op = (userId: number, userLabel: string, fields: Partial<OutboxOp> = {}): OutboxOp => outboxOp(userId, { userLabel, ...fields });

const showSync = () => renderAt('/sync', '/sync', <SyncPage />);

beforeEach(async () => {
  answerRoutes({});
  await resetDevice();
});

describe('/sync and /login when the session has ended', () => {
  it('say how many changes wait for which account, never that they were sent', async () => {
    await keepOnDevice(op(7, 'Sam'), op(7, 'Sam', { action: { kind: 'race-signup', raceId: 3, signedUp: true } }));
    showSync();
    expect(await screen.findByText(/2 changes saved on this device wait for Sam’s account and have not reached the club yet/)).toBeInTheDocument();
    expect(screen.getByText(/Sign in as Sam to send them/)).toBeInTheDocument();
    expect(screen.queryByText(/reached the club\./)).not.toBeInTheDocument();
    expect(screen.queryByText(/0 waiting/)).not.toBeInTheDocument();
  });

  it('signed in as another account, leaves them alone and says so', async () => {
    await keepOnDevice(op(7, 'Sam'));
    const alex = testUser('member', { id: 8, name: 'Alex' });
    storeSession(alex);
    answerRoutes({}, { user: alex });
    await refreshOutboxState();
    showSync();
    expect(await screen.findByText(/One change saved on this device by Sam is left alone: not sent with your account, it waits until Sam signs in here/)).toBeInTheDocument();
    expect(screen.getByText(/0 waiting to sync/)).toBeInTheDocument();
  });
});

describe('a queued leave that met a promotion', () => {
  it('offers to keep the place or give it up; keeping it clears the item', async () => {
    const sam = testUser('member', { id: 7, name: 'Sam' });
    storeSession(sam);
    answerRoutes({}, { user: sam });
    await keepOnDevice(
      op(7, 'Sam', {
        action: { kind: 'waitlist', workoutId: 9, joined: false },
        state: 'attention',
        conflict: 'promoted',
        error: PROMOTED_MESSAGE,
      }),
    );
    await refreshOutboxState();
    showSync();
    expect(await screen.findByText(PROMOTED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Give it up' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep my place' }));
    await waitFor(() => expect(screen.queryByText(PROMOTED_MESSAGE)).not.toBeInTheDocument());
    expect(await (await openOfflineDb())!.outbox.count()).toBe(0);
  });
});

describe('a queued sign-up or RSVP for something cancelled meanwhile', () => {
  it('ends with the reason, not a generic error, and is not offered again', async () => {
    const sam = testUser('member', { id: 7, name: 'Sam' });
    storeSession(sam);
    const reason = 'Pool closed for a meet';
    answerRoutes(
      {
        'POST /forum/workouts/:id/signup': () => jsonReply({ error: `This workout was cancelled: ${reason}`, cancelled: true }, 409),
        'POST /forum/events/:id/rsvp': () => jsonReply({ error: 'This event was cancelled: Room double-booked', cancelled: true }, 409),
      },
      { user: sam },
    );
    await keepOnDevice(
      op(7, 'Sam', { action: { kind: 'workout-signup', workoutId: 9, signedUp: true } }),
      op(7, 'Sam', { action: { kind: 'rsvp', eventId: 4, status: 'going' } }),
    );
    await refreshOutboxState();
    await replay();
    showSync();
    expect(await screen.findByText(`This workout was cancelled: ${reason}`)).toBeInTheDocument();
    expect(screen.getByText('This event was cancelled: Room double-booked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Discard' })).toHaveLength(2);
    expect(screen.getByText(/0 waiting to sync, 2 need attention/)).toBeInTheDocument();
  });
});

describe('a waiting dismissal of an announcement', () => {
  it('is listed with the other writes, in words, leading to Home where it shows', async () => {
    const sam = testUser('member', { id: 7, name: 'Sam' });
    storeSession(sam);
    answerRoutes({}, { user: sam });
    await keepOnDevice(op(7, 'Sam', { action: { kind: 'announcement-dismissal', announcementId: 4 } }));
    await refreshOutboxState();
    showSync();
    expect(await screen.findByText(/1 waiting to sync, 0 need attention/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dismiss a club announcement' })).toHaveAttribute('href', '/');
  });
});

describe('a poll answer that reaches the club after the poll closed', () => {
  it('needs attention on /sync with the club’s words, and is kept there, leading to the page it was answered on', async () => {
    const sam = testUser('member', { id: 7, name: 'Sam' });
    storeSession(sam);
    const closed = 'This poll has closed: answers are no longer taken.';
    const api = answerRoutes({ 'PUT /polls/:id/answer': jsonReply({ error: closed, closed: true }, 409) }, { user: sam });
    await keepOnDevice(op(7, 'Sam', { action: { kind: 'poll-answer', pollId: 5, choices: [1], question: 'Which Saturday?', at: '/workout/9' } }));
    await refreshOutboxState();
    await replay();
    expect(api.to('PUT /polls/:id/answer').map((c) => c.body)).toEqual([{ choices: [1] }]);
    showSync();
    expect(await screen.findByText(closed)).toBeInTheDocument();
    expect(screen.getByText(/0 waiting to sync, 1 need attention/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Answer the poll “Which Saturday?”' })).toHaveAttribute('href', '/workout/9');
    // Nothing lost: the answer stays on the device until the member discards it.
    const kept = await (await openOfflineDb())!.outbox.toArray();
    expect(kept.map((o) => [o.action.kind, o.state])).toEqual([['poll-answer', 'attention']]);
  });
});

describe('the duties’ writes waiting on the device', () => {
  it('are each told in words, leading to the page they were made on', async () => {
    const erin = testUser('exec', { id: 7, name: 'Erin' });
    storeSession(erin);
    answerRoutes({}, { user: erin });
    await keepOnDevice(
      op(7, 'Erin', { action: { kind: 'duty-swap', dutyId: 3, step: 'offer', duty: 'Lifeguard', at: '/workout/9' } }),
      op(7, 'Erin', { action: { kind: 'duty-holder', dutyId: 3, userId: 5, held: false, name: 'Morgan', duty: 'Lifeguard', at: '/workout/9' } }),
      op(7, 'Erin', { action: { kind: 'duty-no-show', dutyId: 3, userId: 6, noShow: true, name: 'Olive', duty: 'Lifeguard', at: '/workout/9' } }),
      op(7, 'Erin', { action: { kind: 'duty-removal', dutyId: 4, duty: 'Marshal', at: '/race/2' } }),
    );
    await refreshOutboxState();
    showSync();
    expect(await screen.findByRole('link', { name: 'Ask for a swap of the Lifeguard duty' })).toHaveAttribute('href', '/workout/9');
    expect(screen.getByRole('link', { name: 'Take Morgan off the Lifeguard duty' })).toHaveAttribute('href', '/workout/9');
    expect(screen.getByRole('link', { name: 'Record that Olive did not show up for the Lifeguard duty' })).toHaveAttribute('href', '/workout/9');
    expect(screen.getByRole('link', { name: 'Remove the Marshal duty' })).toHaveAttribute('href', '/race/2');
  });
});
