import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Poll } from '../../../domain/contract/club/polls';
import { replay } from '../../lib/offline/outbox';
import { getOutboxState } from '../../lib/offline/outbox-store';
import { resetDevice } from '../../test-device';
import { renderAt } from '../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../test-server';
import { testUser } from '../../test-support';
import { PollsSection } from './polls-section';

const poll = (over: Partial<Poll> = {}): Poll => ({
  id: 5,
  question: 'Which Saturday for the brick?',
  kind: 'choice',
  options: ['Mar 7', 'Mar 14', 'Mar 21'],
  multiple: false,
  anonymous: false,
  results_shown: 'after_answer',
  closes_at: Date.parse('2099-03-05T23:00:00Z'),
  closed: false,
  place: 'home',
  place_id: null,
  user_id: 2,
  author_name: 'Erin Exec',
  created_at: 0,
  answered: false,
  my_choices: null,
  answered_count: 0,
  results: null,
  ...over,
});
const member = testUser('member', { id: 3, name: 'Morgan Member' });
const execUser = testUser('exec', { id: 2, name: 'Erin Exec' });

function show(routes: Routes, user = member, fresh = true) {
  const api = answerRoutes({ 'GET /config': { clubTimeZone: 'America/Toronto', clubEmail: 'club@club.test', vapidPublicKey: '', passkeys: false }, ...routes }, { user });
  const view = renderAt('/', '/', <PollsSection place="home" />, fresh ? { user } : {});
  return { api, view };
}

beforeEach(async () => {
  await resetDevice();
});

describe('a poll on Home', () => {
  it('a member answers: the whole answer is sent with its own Idempotency-Key, and the results then show', async () => {
    let answered: number[] | null = null;
    const { api } = show({
      'GET /polls': () => ({
        polls: [answered ? poll({ answered: true, my_choices: answered, answered_count: 1, results: { counts: [0, 1, 0], voters: [[], [{ id: 3, name: 'Morgan Member' }], []] } }) : poll()],
      }),
      'PUT /polls/:id/answer': ({ body }) => ((answered = (body as { choices: number[] }).choices), { poll_id: 5, answered: true as const, choices: answered }),
    });
    const card = await screen.findByRole('listitem', { name: 'Which Saturday for the brick?' });
    expect(within(card).getByText('Results show once you answer.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: /^Answer/ }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Choose one option');
    await userEvent.click(within(card).getByRole('radio', { name: 'Mar 14' }));
    await userEvent.click(within(card).getByRole('button', { name: /^Answer/ }));
    await waitFor(() => expect(api.to('PUT /polls/:id/answer').map((c) => [c.path, c.body])).toEqual([['/polls/5/answer', { choices: [1] }]]));
    expect(api.to('PUT /polls/:id/answer')[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(api.to('GET /polls').length).toBeGreaterThan(1));
    expect(await screen.findByText('Mar 14: 1 vote')).toBeInTheDocument();
    const after = screen.getByRole('listitem', { name: 'Which Saturday for the brick?' });
    expect(within(after).getByText('Morgan Member')).toBeInTheDocument();
    expect(within(after).getByRole('radio', { name: 'Mar 14' })).toBeChecked();
    expect(within(after).getByRole('button', { name: /^Change my answer/ })).toBeInTheDocument();
  });

  it('offline, the answer waits in the outbox, marked on the poll, and is sent once with the same key', async () => {
    let reached = false;
    const answer = () => (reached ? { poll_id: 5, answered: true as const, choices: [2] } : ((reached = true), 'network-error' as const));
    const first = show({ 'GET /polls': { polls: [poll()] }, 'PUT /polls/:id/answer': answer });
    const card = await screen.findByRole('listitem', { name: 'Which Saturday for the brick?' });
    await userEvent.click(within(card).getByRole('radio', { name: 'Mar 21' }));
    await userEvent.click(within(card).getByRole('button', { name: /^Answer/ }));
    await waitFor(() => expect(getOutboxState().ops.map((o) => o.action)).toEqual([{ kind: 'poll-answer', pollId: 5, choices: [2], question: 'Which Saturday for the brick?', at: '/' }]));
    expect(await within(card).findByText('Saved on this device — not yet synced')).toBeInTheDocument();
    const key = first.api.to('PUT /polls/:id/answer')[0]!.headers['idempotency-key'];

    first.view.unmount();
    const second = show({ 'GET /polls': { polls: [poll()] }, 'PUT /polls/:id/answer': answer }, member, false);
    const again = await screen.findByRole('listitem', { name: 'Which Saturday for the brick?' });
    // The waiting answer is laid over the club's copy.
    expect(within(again).getByRole('radio', { name: 'Mar 21' })).toBeChecked();
    await replay();
    await waitFor(() => expect(getOutboxState().ops).toEqual([]));
    expect(second.api.to('PUT /polls/:id/answer').map((c) => c.headers['idempotency-key'])).toEqual([key]);
    await replay();
    expect(second.api.to('PUT /polls/:id/answer')).toHaveLength(1);
  });

  it('a date poll’s options are the club’s dates and times, in its words', async () => {
    show({ 'GET /polls': { polls: [poll({ kind: 'date', options: ['2026-03-07T08:00', '2026-03-14T08:30'] })] } });
    const card = await screen.findByRole('listitem', { name: 'Which Saturday for the brick?' });
    expect(within(card).getByRole('radio', { name: /Mar 7, 2026 at 8:00/ })).toBeInTheDocument();
    expect(within(card).getByRole('radio', { name: /Mar 14, 2026 at 8:30/ })).toBeInTheDocument();
  });

  it('an anonymous answer given is final, and its results name nobody', async () => {
    show({
      'GET /polls': {
        polls: [poll({ anonymous: true, answered: true, answered_count: 2, results_shown: 'live', results: { counts: [2, 0, 0], voters: null } })],
      },
    });
    const card = await screen.findByRole('listitem', { name: 'Which Saturday for the brick?' });
    expect(within(card).getByText(/An anonymous answer cannot be changed/)).toBeInTheDocument();
    expect(within(card).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(card).getByText('Mar 7: 2 votes')).toBeInTheDocument();
  });

  it('a refusal is shown on the poll in the club’s words, and the choice is kept', async () => {
    show({
      'GET /polls': { polls: [poll()] },
      'PUT /polls/:id/answer': jsonReply({ error: 'This poll has closed: answers are no longer taken.', closed: true }, 409),
    });
    const card = await screen.findByRole('listitem', { name: 'Which Saturday for the brick?' });
    await userEvent.click(within(card).getByRole('radio', { name: 'Mar 7' }));
    await userEvent.click(within(card).getByRole('button', { name: /^Answer/ }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('This poll has closed: answers are no longer taken.');
    expect(within(card).getByRole('radio', { name: 'Mar 7' })).toBeChecked();
  });
});

describe('an exec', () => {
  it('posts a poll with the one form way; a refusal lands on its field and what was typed stays', async () => {
    let refuse = true;
    const { api } = show(
      {
        'GET /polls': { polls: [] },
        'POST /polls': ({ body }) =>
          refuse
            ? ((refuse = false), jsonReply({ error: 'The closing time must be later than now', field: 'closesTime' }, 400))
            : { poll: poll({ question: (body as { question: string }).question }) },
      },
      execUser,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Post a poll' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post a poll' });
    await userEvent.type(within(dialog).getByLabelText('Question'), 'Kit colour?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post poll' }));
    expect(await within(dialog).findByText('Give 2 to 10 options')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Option 1'), 'Blue');
    await userEvent.type(within(dialog).getByLabelText('Option 2'), 'Orange');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add an option' }));
    await userEvent.type(within(dialog).getByLabelText('Option 3'), 'Green');
    await userEvent.click(within(dialog).getByLabelText(/^Anonymous/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post poll' }));
    expect(await within(dialog).findByText('The closing time must be later than now')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Question')).toHaveValue('Kit colour?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post poll' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('POST /polls').at(-1)!.body).toMatchObject({
      question: 'Kit colour?',
      options: ['Blue', 'Orange', 'Green'],
      anonymous: true,
      multiple: false,
      place: 'home',
      placeId: null,
      resultsShown: 'after_answer',
    });
  });

  it('sees who has not answered', async () => {
    show({ 'GET /polls': { polls: [poll()] }, 'GET /polls/:id/missing': { members: [{ id: 4, name: 'Olive Other' }] } }, execUser);
    const card = await screen.findByRole('listitem', { name: 'Which Saturday for the brick?' });
    await userEvent.click(within(card).getByRole('button', { name: /^Who has not answered/ }));
    expect(await within(card).findByText('Not answered yet: Olive Other')).toBeInTheDocument();
  });
});
