import { testUser } from '../../test-support';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminMember } from '../../../domain/contract/admin';
import type { SessionUser } from '../../../domain/contract/auth';
import type { Role } from '../../../domain/contract/roles';
import { AppProviders } from '../../test-providers';
import { answerApi, jsonReply } from '../../test-server';
import { AdminPage } from './admin-page';

type Handler = (
  init: RequestInit & { url: string },
) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

let routes: Record<string, Handler>;
let calls: { method: string; path: string; body: unknown }[];

function sessionUser(role: Role, overrides: Partial<SessionUser> = {}): SessionUser {
  return testUser(role, { name: 'Alex Admin', join_date: '2025-09-01', expiry_date: null, ...overrides });
}

function member(overrides: Partial<AdminMember>): AdminMember {
  return {
    id: 2,
    name: 'Morgan Member',
    email: 'morgan@club.test',
    role: 'member',
    phone_number: '(416) 555-0100',
    join_date: '2025-09-01',
    expiry_date: '2026-08-31',
    absences: 2,
    charter_accepted: 1,
    expired: false,
    ...overrides,
  };
}

const MEMBERS: AdminMember[] = [
  member({ id: 1, name: 'Alex Admin', email: 'administrator@club.test', role: 'administrator', absences: 0 }),
  member({}),
  member({
    id: 3,
    name: 'Pat Pending',
    email: 'pat@club.test',
    role: 'pending',
    phone_number: null,
    expiry_date: null,
    charter_accepted: 0,
    absences: 0,
  }),
];

function signInAs(user: SessionUser | null) {
  localStorage.clear();
  if (user) {
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('token', 'test-token');
  }
  routes['GET /auth/profile'] = () =>
    user ? { body: { user } } : { status: 401, body: { error: 'No token' } };
}

function renderAdmin(path = '/admin') {
  const router = createMemoryRouter(
    [
      { path: '/admin', element: <AdminPage /> },
      { path: '/login', element: <p>Login screen</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeEach(() => {
  calls = [];
  routes = {
    'GET /admin/members': () => ({ body: { members: MEMBERS } }),
    'GET /admin/outbox': () => ({ body: { emails: [] } }),
  };
  answerApi(async ({ method, path, body, text, url }) => {
    calls.push({ method, path, body });
    const handler = routes[`${method} ${path}`];
    if (!handler) return jsonReply({ error: `no stub for ${method} ${path}` }, 404);
    const answer = await handler({ method, body: text, url });
    return jsonReply(answer.body, answer.status ?? 200);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('AdminPage access', () => {
  it('shows Access Denied with the email and role to a member, without calling the admin API', async () => {
    signInAs(sessionUser('member', { email: 'morgan@club.test' }));
    renderAdmin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('morgan@club.test')).toBeInTheDocument();
    expect(screen.getByText('Member')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/auth/profile')).toBe(true));
    expect(calls.filter((c) => c.path.startsWith('/admin'))).toEqual([]);
  });

  it('shows Access Denied to an exec too', async () => {
    signInAs(sessionUser('exec'));
    renderAdmin();
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText('Executive')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login', async () => {
    signInAs(null);
    const router = renderAdmin();
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('AdminPage for an administrator', () => {
  beforeEach(() => signInAs(sessionUser('administrator', { email: 'administrator@club.test' })));

  it('shows the members table with every column, Not set for empty values and Yes/No for the charter', async () => {
    renderAdmin();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
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
    expect(screen.getByText(/Delete is permanent/)).toBeInTheDocument();
  });

  it('switches tabs: pending cards, and the empty text when nobody waits', async () => {
    const user = userEvent.setup();
    renderAdmin();
    await screen.findByRole('table');
    await user.click(screen.getByRole('tab', { name: /Pending Approval/ }));
    expect(screen.getByRole('tab', { name: /Pending Approval/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Pat Pending' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve Pat Pending' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject Pat Pending' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();

    routes['GET /admin/members'] = () => ({ body: { members: MEMBERS.filter((m) => m.role !== 'pending') } });
    await user.click(screen.getByRole('tab', { name: 'All Members' }));
    // Arrow keys move between tabs too.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Pending Approval/ })).toHaveFocus();
  });

  it('shows the empty pending text', async () => {
    routes['GET /admin/members'] = () => ({ body: { members: MEMBERS.filter((m) => m.role !== 'pending') } });
    renderAdmin('/admin?tab=pending');
    expect(await screen.findByText('No pending members to approve!')).toBeInTheDocument();
  });

  it('approve needs an expiry date, defaults to Member and sends role and date', async () => {
    const user = userEvent.setup();
    routes['PUT /admin/members/3/approve'] = ({ body }) => {
      const input = JSON.parse(String(body));
      return { body: { member: { ...MEMBERS[2], role: input.role, expiry_date: input.expiryDate } } };
    };
    renderAdmin('/admin?tab=pending');
    await user.click(await screen.findByRole('button', { name: 'Approve Pat Pending' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Member' });
    expect(within(dialog).getByLabelText('Role')).toHaveValue('member');
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Member', 'Executive', 'Administrator']);
    await user.click(within(dialog).getByRole('button', { name: 'Approve Member' }));
    const expiry = within(dialog).getByLabelText('Expiry date');
    expect(expiry).toHaveAccessibleDescription(expect.stringContaining('Please set an expiry date before approving the member.'));
    expect(expiry).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(expiry).toHaveFocus());
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Expiry date'), '2099-08-31');
    await user.click(within(dialog).getByRole('button', { name: 'Approve Member' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/admin/members/3/approve',
      body: { role: 'member', expiryDate: '2099-08-31' },
    });
    expect(await screen.findByText(/Pat Pending is now active as Member/)).toBeInTheDocument();
  });

  it('asks in the page, not with the browser, before rejecting; Cancel keeps the member', async () => {
    const user = userEvent.setup();
    renderAdmin();
    await screen.findByRole('table');
    await user.click(screen.getByRole('tab', { name: /Pending Approval/ }));
    await user.click(screen.getByRole('button', { name: 'Reject Pat Pending' }));
    const ask = screen.getByRole('dialog', { name: 'Reject Pat Pending?' });
    expect(ask).toHaveTextContent('Reject Pat Pending? They will no longer be able to sign in.');
    // Focus starts on Cancel, so Enter never rejects by accident.
    expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(ask).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Pat Pending' })).toBeInTheDocument();
  });

  it('asks with the exact warning before deleting, and shows the server error on failure', async () => {
    const user = userEvent.setup();
    routes['DELETE /admin/members/2'] = () => ({ status: 409, body: { error: 'Member is busy' } });
    renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Delete Morgan Member' }));
    const ask = screen.getByRole('dialog', { name: 'Delete Morgan Member?' });
    expect(ask).toHaveTextContent(
      'WARNING: This will PERMANENTLY DELETE this user and all their data! This action cannot be undone.',
    );
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(ask).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Morgan Member' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Morgan Member?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete user: Member is busy')).toBeInTheDocument();
  });

  it('edit: formats and checks the phone, sends charter as 1/0 and an empty expiry as null, shows failures', async () => {
    const user = userEvent.setup();
    let answer: { status?: number; body: unknown } = {
      status: 409,
      body: { error: 'An account with this email already exists' },
    };
    routes['PUT /admin/members/2/update'] = () => answer;
    renderAdmin();
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
    expect(phone).toHaveValue('(416) 55');
    expect(within(dialog).getByText('Please enter a valid 10-digit phone number')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.type(phone, '50199');
    expect(phone).toHaveValue('(416) 555-0199');
    await user.clear(within(dialog).getByLabelText('Expiry date'));
    await user.click(within(dialog).getByLabelText('Charter accepted'));
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'exec');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to update member: An account with this email already exists',
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Morgan Member',
      email: 'morgan@club.test',
      role: 'exec',
      expiryDate: null,
      phoneNumber: '(416) 555-0199',
      charterAccepted: 0,
    });

    answer = { status: 500, body: {} };
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Failed to update member: Request failed (500)',
      ),
    );

    answer = { body: { member: member({ role: 'exec' }) } };
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lists emails and notifications on the Messages tab, with their status and retries', async () => {
    const user = userEvent.setup();
    routes['GET /admin/outbox'] = () => ({
      body: {
        emails: [
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
        ],
      },
    });
    renderAdmin();
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
