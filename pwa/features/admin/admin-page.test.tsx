import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../domain/contract/members/auth';
import { renderAt } from '../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../test-server';
import { testUser } from '../../test-support';
import { AdminPage } from './admin-page';
import { defaultTerms, termChoices } from '../../../domain/calendar';
import { defaultJoin } from '../../../domain/documents/club-pages';
import type { ClubDocument } from '../../../domain/contract/club/club-documents';
import { clubToday } from '../../../domain/clock';
import { adminMember, adminRoutes, MEMBERS, type AdminData } from './test-handlers';
import { phoneProblem } from '../../../domain/region/phone';

const administrator = testUser('administrator', { name: 'Alex Admin', email: 'administrator@club.test' });
let data: AdminData;

/** The admin page at `path` for `user`, with the admin reads answered from `data` and `more`. */
function renderAdmin(user: SessionUser | null, path = '/admin', more: Routes = {}) {
  const api = answerRoutes({ ...adminRoutes(data), ...more }, { user });
  renderAt(path, '/admin', <AdminPage />, { user });
  return api;
}

beforeEach(() => {
  data = { members: MEMBERS, emails: [] };
});

afterEach(() => {
  vi.useRealTimers();
});

/** The club's clock at `instant` (only Date moves: the page's timers run as usual). */
function clubClockAt(instant: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
}

describe('AdminPage access', () => {
  it('shows Access Denied with the email and role to a member, without calling the admin API', async () => {
    const api = renderAdmin(testUser('member', { name: 'Alex Admin', email: 'morgan@club.test' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('morgan@club.test')).toBeInTheDocument();
    expect(screen.getByText('Member')).toBeInTheDocument();
    await waitFor(() => expect(api.to('GET /auth/profile')).not.toEqual([]));
    expect(api.calls.filter((c) => c.path.startsWith('/admin'))).toEqual([]);
  });

  it('shows Access Denied to an exec too', async () => {
    renderAdmin(testUser('exec', { name: 'Alex Admin' }));
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText('Executive')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login', async () => {
    renderAdmin(null);
    expect(await screen.findByText('Other page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\?next=%2Fadmin$/);
  });
});

describe('AdminPage for an administrator', () => {
  it('shows the members table with every column, Not set for empty values and Yes/No for the charter', async () => {
    renderAdmin(administrator);
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Selected',
      'Name',
      'Email',
      'Role',
      'Phone',
      'Join Date',
      'Expiry Date',
      'Absences',
      'Charter',
      'Passkeys',
      'Actions',
    ]);
    const pat = within(table).getByRole('row', { name: /Pat Pending/ });
    expect(within(pat).getAllByText('Not set')).toHaveLength(2);
    expect(within(pat).getByText('No')).toBeInTheDocument();
    expect(within(pat).getByText('Pending')).toHaveClass('badge');
    const morgan = within(table).getByRole('row', { name: /Morgan Member/ });
    expect(within(morgan).getByText('(416) 555-0100')).toBeInTheDocument();
    expect(within(morgan).getByText('Yes')).toBeInTheDocument();
    expect(within(morgan).getByText('2')).toBeInTheDocument();
    // No Delete on one's own row.
    const self = within(table).getByRole('row', { name: /Alex Admin/ });
    expect(within(self).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(self).queryByRole('button', { name: /More actions/ })).toBeNull();
    expect(screen.getByText(/Delete is permanent/)).toBeInTheDocument();
  });

  it('switches tabs: pending cards, and the empty text when nobody waits', async () => {
    const user = userEvent.setup();
    renderAdmin(administrator);
    await screen.findByRole('table');
    await user.click(screen.getByRole('tab', { name: /Pending Approval/ }));
    expect(screen.getByRole('tab', { name: /Pending Approval/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Pat Pending' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve Pat Pending' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject Pat Pending' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();

    data.members = MEMBERS.filter((m) => m.role !== 'pending');
    await user.click(screen.getByRole('tab', { name: 'All Members' }));
    // Arrow keys move between tabs too.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Pending Approval/ })).toHaveFocus();
  });

  it('shows the empty pending text', async () => {
    data.members = MEMBERS.filter((m) => m.role !== 'pending');
    renderAdmin(administrator, '/admin?tab=pending');
    expect(await screen.findByText('No pending members to approve!')).toBeInTheDocument();
  });

  it('approve needs an expiry date, defaults to Member and sends role and date', async () => {
    const user = userEvent.setup();
    const api = renderAdmin(administrator, '/admin?tab=pending', {
      'PUT /admin/members/:id/approve': ({ body }) => ({ member: { ...MEMBERS[2]!, role: body?.role ?? 'member', expiry_date: body?.expiryDate ?? null } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Approve Pat Pending' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Member' });
    expect(within(dialog).getByLabelText('Role')).toHaveValue('member');
    expect(
      within(within(dialog).getByLabelText('Role'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Member', 'Executive', 'Administrator']);
    // The sessions' end dates are offered first; another date opens an empty date field.
    await user.selectOptions(within(dialog).getByLabelText('Membership until'), 'Another date…');
    await user.click(within(dialog).getByRole('button', { name: 'Approve Member' }));
    const expiry = within(dialog).getByLabelText('Expiry date');
    expect(expiry).toHaveAccessibleDescription(expect.stringContaining('Please set an expiry date before approving the member.'));
    expect(expiry).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(expiry).toHaveFocus());
    expect(api.writes()).toEqual([]);

    await user.type(within(dialog).getByLabelText('Expiry date'), '2099-08-31');
    await user.click(within(dialog).getByRole('button', { name: 'Approve Member' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()[0]).toMatchObject({
      path: '/admin/members/3/approve',
      body: { role: 'member', expiryDate: '2099-08-31' },
    });
    expect(await screen.findByText(/Pat Pending is now active as Member/)).toBeInTheDocument();
  });

  it('approve offers the membership sessions’ end dates, the current one chosen', async () => {
    // Mid-term: in a term's last week the next term's end is chosen (the test after this one).
    clubClockAt('2026-03-02T17:00:00Z');
    const user = userEvent.setup();
    const api = renderAdmin(administrator, '/admin?tab=pending', {
      'PUT /admin/members/:id/approve': ({ body }) => ({ member: { ...MEMBERS[2]!, role: 'member', expiry_date: body?.expiryDate ?? null } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Approve Pat Pending' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Member' });
    const sessions = termChoices(defaultTerms().terms, clubToday(Date.now(), 'America/Toronto'));
    const until = within(dialog).getByLabelText('Membership until');
    expect(within(until).getAllByRole('option').map((o) => o.textContent)).toEqual([
      ...sessions.map((s) => expect.stringContaining(`End of ${s.name}`)),
      'Another date…',
    ]);
    expect(until).toHaveValue(sessions[0]!.id);
    expect(within(dialog).queryByLabelText('Expiry date')).toBeNull();
    await user.selectOptions(until, sessions[1]!.id);
    await user.click(within(dialog).getByRole('button', { name: 'Approve Member' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ body: { role: 'member', expiryDate: sessions[1]!.ends } });
  });

  it('says how each pending member paid, and approves a paid one in one tap', async () => {
    clubClockAt('2026-03-02T17:00:00Z');
    const user = userEvent.setup();
    const pat = MEMBERS[2]!;
    const api = renderAdmin(administrator, '/admin?tab=pending', {
      'GET /payments': () => ({
        currency: 'CAD',
        payments: [
          {
            ...{ id: 3, userId: pat.id, memberName: pat.name, kind: 'membership', item: 'Full Tri', subtotalCents: 25600, taxCents: 3328, amountCents: 28928, taxName: 'HST', taxIncluded: false },
            ...{ currency: 'CAD', method: 'online', status: 'paid', refundedCents: 0, receipt: null, note: null, recordedBy: null, createdAt: 0, paidAt: 0, refunds: [] },
            summary: 'Paid $289.28 (incl. $33.28 HST) online, Mar 2, 2026',
            priceReason: null,
          },
        ],
        totals: { paidCents: 28928, refundedCents: 0, netCents: 28928, byItem: [], byMethod: [] },
        members: [],
        packages: [],
        memberPrices: [],
        requests: [],
        owing: [],
        terms: [],
      }),
      'PUT /admin/members/:id/approve': ({ body }) => ({ member: { ...pat, role: 'member', expiry_date: body?.expiryDate ?? null } }),
    });
    expect(await screen.findByText('Paid $289.28 (incl. $33.28 HST) online, Mar 2, 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Approve ${pat.name}, paid` }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const term = termChoices(defaultTerms().terms, clubToday(Date.now(), 'America/Toronto'))[0]!;
    expect(api.writes()[0]).toMatchObject({ path: `/admin/members/${pat.id}/approve`, body: { role: 'member', expiryDate: term.ends } });
    expect(await screen.findByText(`${pat.name} was approved.`)).toBeInTheDocument();
  });

  it('approve on a term’s last day chooses the next term’s end, so the member does not lapse that night', async () => {
    clubClockAt('2026-04-30T16:00:00Z'); // noon on the last day of Winter 2026, in Toronto
    const user = userEvent.setup();
    const api = renderAdmin(administrator, '/admin?tab=pending', {
      'PUT /admin/members/:id/approve': ({ body }) => ({ member: { ...MEMBERS[2]!, role: 'member', expiry_date: body?.expiryDate ?? null } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Approve Pat Pending' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Member' });
    const until = within(dialog).getByLabelText('Membership until');
    expect(within(until).getAllByRole('option')[0]).toHaveTextContent('End of Winter 2026');
    expect(until).toHaveValue('spring-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Approve Member' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ body: { role: 'member', expiryDate: '2026-06-30' } });
  });

  it('approve says how to pay as the club’s Join us page does, not a fixed place', async () => {
    const join = defaultJoin();
    join.steps[1] = { title: 'Pay your fees online through the club shop', text: 'Pick a [package](#fees) and pay.' };
    const page: ClubDocument<'join-page'> = { key: 'join-page', version: 2, body: join, publishedAt: 1, publishedBy: null, note: null, minor: false };
    const user = userEvent.setup();
    renderAdmin(administrator, '/admin?tab=pending', { 'GET /club/documents/:key': ({ params }) => (params.key === 'join-page' ? page : jsonReply({ error: 'Not found' }, 404)) });
    await user.click(await screen.findByRole('button', { name: 'Approve Pat Pending' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Member' });
    expect(await within(dialog).findByText('Join us tells applicants: “Pay your fees online through the club shop”.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('once their membership payment is confirmed');
    expect(dialog).not.toHaveTextContent(/athletic centre/);
  });

  it('asks in the page, not with the browser, before rejecting; Cancel keeps the member', async () => {
    const user = userEvent.setup();
    const api = renderAdmin(administrator);
    await screen.findByRole('table');
    await user.click(screen.getByRole('tab', { name: /Pending Approval/ }));
    await user.click(screen.getByRole('button', { name: 'Reject Pat Pending' }));
    const ask = screen.getByRole('dialog', { name: 'Reject Pat Pending?' });
    expect(ask).toHaveTextContent('Reject Pat Pending? They will no longer be able to sign in.');
    // Focus starts on Cancel, so Enter never rejects by accident.
    expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(ask).not.toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Pat Pending' })).toBeInTheDocument();
  });

  it('asks with the exact warning before deleting, and shows the server error on failure', async () => {
    const user = userEvent.setup();
    const api = renderAdmin(administrator, '/admin', { 'DELETE /admin/members/:id': jsonReply({ error: 'Member is busy' }, 409) });
    // Delete sits behind the row's menu.
    await user.click(await screen.findByRole('button', { name: 'More actions for Morgan Member' }));
    await user.click(screen.getByRole('button', { name: 'Delete Morgan Member' }));
    const ask = screen.getByRole('dialog', { name: 'Delete Morgan Member?' });
    expect(ask).toHaveTextContent(
      'WARNING: This will PERMANENTLY DELETE this user and all their data! This action cannot be undone.',
    );
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(ask).not.toBeInTheDocument();
    expect(api.writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'More actions for Morgan Member' }));
    await user.click(screen.getByRole('button', { name: 'Delete Morgan Member' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Morgan Member?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Member is busy')).toBeInTheDocument();
  });

  it('edit: checks the phone as typed, sends charter as 1/0 and an empty expiry as null, shows failures', async () => {
    const user = userEvent.setup();
    let answer = jsonReply({ error: 'An account with this email already exists' }, 409);
    const api = renderAdmin(administrator, '/admin', { 'PUT /admin/members/:id/update': () => answer });
    await user.click(await screen.findByRole('button', { name: 'Edit Morgan Member' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Member' });
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pending', 'Member', 'Executive', 'Administrator']);

    const phone = within(dialog).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '41655');
    expect(phone).toHaveValue('41655');
    expect(phone).toHaveAccessibleDescription(phoneProblem('CA'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(api.writes()).toEqual([]);

    await user.type(phone, '50199');
    expect(phone).toHaveValue('4165550199');
    await user.clear(within(dialog).getByLabelText('Expiry date'));
    await user.click(within(dialog).getByLabelText('Charter accepted'));
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'exec');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^An account with this email already exists$/);
    expect(api.writes()[0]?.body).toEqual({
      name: 'Morgan Member',
      email: 'morgan@club.test',
      role: 'exec',
      expiryDate: null,
      phoneNumber: '4165550199',
      charterAccepted: 0,
    });

    answer = jsonReply({}, 500);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Request failed \(500\)$/),
    );

    answer = jsonReply({ member: adminMember({ role: 'exec' }) });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edit: a number kept in an older form, left untouched, neither stops the save nor is rewritten', async () => {
    const user = userEvent.setup();
    data.members = [MEMBERS[0]!, adminMember({ phone_number: '(555) 010-0001' })];
    const api = renderAdmin(administrator, '/admin', { 'PUT /admin/members/:id/update': () => jsonReply({ member: adminMember({ name: 'Morgan M.' }) }) });
    await user.click(await screen.findByRole('button', { name: 'Edit Morgan Member' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Member' });
    const phone = within(dialog).getByLabelText('Phone');
    expect(phone).toHaveValue('(555) 010-0001');
    expect(phone).not.toHaveAccessibleDescription(phoneProblem('CA'));
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Morgan M.');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toMatchObject({ name: 'Morgan M.', phoneNumber: '(555) 010-0001' });
  });

  it('lists emails and notifications on the Messages tab, with their status and retries', async () => {
    const user = userEvent.setup();
    data.emails = [
      {
        id: 2,
        channel: 'push',
        to: 'sam@club.test',
        device: 'Chrome on Android',
        subject: "You're in: Threshold swim",
        text: 'A place freed up and you moved off the waitlist.',
        status: 'pending',
        attempts: 2,
        last_error: 'The push service answered 503.',
        created_at: Date.parse('2026-03-02T15:05:00Z'),
        sent_at: null,
      },
      {
        id: 1,
        channel: 'email',
        to: 'pat@club.test',
        device: null,
        subject: 'Your University Triathlon Club account is active',
        text: 'Hi Pat,\n\nYour account is now active.',
        status: 'logged',
        attempts: 1,
        last_error: null,
        created_at: Date.parse('2026-03-02T15:00:00Z'),
        sent_at: null,
      },
    ];
    renderAdmin(administrator);
    await screen.findByRole('table');
    await user.click(screen.getByRole('tab', { name: 'Messages' }));
    expect(
      await screen.findByRole('heading', { name: 'Your University Triathlon Club account is active' }),
    ).toBeInTheDocument();
    expect(screen.getByText('pat@club.test')).toBeInTheDocument();
    expect(screen.getByText('In mailbox')).toBeInTheDocument();
    await user.click(screen.getByText('Show message'));
    expect(screen.getByText(/Your account is now active/)).toBeVisible();

    const push = screen.getByRole('heading', { name: "You're in: Threshold swim" }).closest('li')!;
    expect(within(push).getByText('Notification')).toBeInTheDocument();
    expect(push).toHaveTextContent('To sam@club.test on Chrome on Android');
    expect(push).toHaveTextContent('2 tries');
    expect(within(push).getByText('Queued')).toBeInTheDocument();
    expect(within(push).getByText('The push service answered 503.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.queryByRole('heading', { name: 'Your University Triathlon Club account is active' })).toBeNull();
    expect(screen.getByRole('heading', { name: "You're in: Threshold swim" })).toBeInTheDocument();
  });
});
