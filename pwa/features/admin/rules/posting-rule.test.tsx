import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DOCUMENT_RULES, type DocumentKey } from '../../../../domain/documents/club-documents';
import type { ClubDocument } from '../../../../domain/contract/club/club-documents';
import { DEFAULT_RULE_NUMBERS, type RuleNumbers } from '../../../../domain/rules';
import { clubRules, setClubRules } from '../../../lib/club/club-rules';
import { renderAt } from '../../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../../test-server';
import { testUser } from '../../../test-support';
import { AdminPage } from '../admin-page';
import { adminRoutes, MEMBERS } from '../test-handlers';

const administrator = testUser('administrator', { name: 'Alex Admin', email: 'administrator@club.test' });

function defaultDocument(key: DocumentKey) {
  const body = DOCUMENT_RULES[key].defaults({ clubEmail: 'club@example.org', clubTimeZone: 'America/Toronto' });
  return { key, version: 0, body, html: {}, publishedAt: null, publishedBy: null, note: null, minor: false };
}

function doc(body: RuleNumbers, version: number): ClubDocument<'rules'> {
  return { key: 'rules', version, body, publishedAt: version ? 1 : null, publishedBy: version ? { id: 1, name: 'Alex Admin' } : null, note: null, minor: false };
}

let current: ClubDocument<'rules'>;
beforeEach(() => {
  current = doc({ ...DEFAULT_RULE_NUMBERS }, 0);
});
afterEach(() => setClubRules(DEFAULT_RULE_NUMBERS));

function renderRules(more: Routes = {}) {
  const api = answerRoutes(
    {
      ...adminRoutes({ members: MEMBERS, emails: [] }),
      'GET /club/documents/:key': ({ params }) => (params.key === 'rules' ? current : defaultDocument(params.key as DocumentKey)),
      'GET /club/documents/:key/versions': () => ({ current: current.version, versions: current.version ? [current] : [] }),
      'PUT /club/documents/:key': ({ body }) => (current = doc(body!.body as RuleNumbers, current.version + 1)),
      ...more,
    },
    { user: administrator },
  );
  renderAt('/admin?tab=rules', '/admin', <AdminPage />, { user: administrator });
  return api;
}

const puts = (api: ReturnType<typeof renderRules>) => api.to('PUT /club/documents/:key').map((c) => (c.body as { body: RuleNumbers }).body);

describe('Admin → Rules: how soon a workout may be posted', () => {
  it('is "From tomorrow" by default; choosing minutes saves the number, and New Workout’s words follow', async () => {
    const api = renderRules();
    const choice = await screen.findByRole('group', { name: 'How soon a workout may be posted' });
    expect(within(choice).getByRole('radio', { name: 'From tomorrow' })).toBeChecked();
    const minutes = within(choice).getByLabelText('Minutes before its start (N)');
    expect(minutes).toBeDisabled();
    expect(within(choice).getByText(/New Workout will say:/)).toHaveTextContent('A new workout can be posted for tomorrow or later.');

    const user = userEvent.setup();
    await user.click(within(choice).getByRole('radio', { name: 'From N minutes before its start' }));
    expect(minutes).toBeEnabled();
    await user.type(minutes, '90');
    expect(within(choice).getByText(/New Workout will say:/)).toHaveTextContent('A new workout can be posted up to 1 h 30 min before it starts.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Rules saved: they apply from now on.')).toBeInTheDocument();
    expect(puts(api)).toEqual([{ ...DEFAULT_RULE_NUMBERS, postingNoticeMinutes: 90 }]);
    // This device words the rule at once.
    expect(clubRules().postingNoticeMinutes).toBe(90);

    // Back to "From tomorrow": the number is left out of the document.
    await user.click(within(choice).getByRole('radio', { name: 'From tomorrow' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(api)).toHaveLength(2));
    expect(puts(api)[1]).toEqual(DEFAULT_RULE_NUMBERS);
    expect(puts(api)[1]).not.toHaveProperty('postingNoticeMinutes');
  });

  it('refuses a number out of bounds beside the field, as the other numbers, and sends nothing', async () => {
    const api = renderRules();
    const choice = await screen.findByRole('group', { name: 'How soon a workout may be posted' });
    const user = userEvent.setup();
    await user.click(within(choice).getByRole('radio', { name: 'From N minutes before its start' }));
    const minutes = within(choice).getByLabelText('Minutes before its start (N)');
    fireEvent.change(minutes, { target: { value: '20000' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(minutes).toHaveAttribute('aria-invalid', 'true');
    expect(minutes).toHaveAccessibleDescription(expect.stringContaining('Minutes before its start must be a whole number from 0 to 10080'));
    expect(minutes).toHaveValue(20000);
    expect(puts(api)).toEqual([]);
  });

  it('shows the server’s refusal naming the field beside it', async () => {
    renderRules({
      'PUT /club/documents/:key': jsonReply({ error: 'Minutes before its start must be a whole number from 0 to 10080', field: 'postingNoticeMinutes' }, 400),
    });
    const choice = await screen.findByRole('group', { name: 'How soon a workout may be posted' });
    const user = userEvent.setup();
    await user.click(within(choice).getByRole('radio', { name: 'From N minutes before its start' }));
    const minutes = within(choice).getByLabelText('Minutes before its start (N)');
    await user.type(minutes, '45');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(minutes).toHaveAccessibleDescription(expect.stringContaining('must be a whole number from 0 to 10080')));
    expect(minutes).toHaveValue(45);
  });

  it('reads a version that chose minutes, and lists the change in the history', async () => {
    current = doc({ ...DEFAULT_RULE_NUMBERS, postingNoticeMinutes: 30 }, 1);
    renderRules();
    const choice = await screen.findByRole('group', { name: 'How soon a workout may be posted' });
    expect(within(choice).getByRole('radio', { name: 'From N minutes before its start' })).toBeChecked();
    expect(within(choice).getByLabelText('Minutes before its start (N)')).toHaveValue(30);
    expect(await screen.findByText('How soon a workout may be posted: From tomorrow → From 30 minutes before its start')).toBeInTheDocument();
  });
});
