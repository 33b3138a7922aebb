import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ImportAnswer, Renewal } from '../../../domain/contract/members/season';
import { renderAt } from '../../test-providers';
import { answerRoutes, type Routes } from '../../test-server';
import { testUser } from '../../test-support';
import { AdminPage } from './admin-page';
import { adminMember, adminRoutes, MEMBERS, type AdminData } from './test-handlers';
import type { Payment } from '../../../domain/contract/members/payments';

const administrator = testUser('administrator', { id: 1, name: 'Alex Admin', email: 'administrator@club.test' });
let data: AdminData;

function renderAdmin(path: string, more: Routes = {}) {
  const api = answerRoutes({ ...adminRoutes(data), ...more }, { user: administrator });
  renderAt(path, '/admin', <AdminPage />, { user: administrator });
  return api;
}

beforeEach(() => {
  data = { members: MEMBERS, emails: [] };
});

const preview: ImportAnswer = {
  dryRun: true,
  counts: { created: 1, updated: 0, skipped: 0, error: 1 },
  rows: [
    { line: 2, name: 'Jo New', email: 'jo@uni.test', status: 'created', reason: null, role: 'member', expiryDate: '2026-12-31' },
    { line: 3, name: 'Bad', email: 'nope', status: 'error', reason: '"nope" is not a valid email address.', role: null, expiryDate: null },
  ],
};

describe('Admin → Import', () => {
  it('previews the file without saving, then imports it and shows the result by line', async () => {
    const user = userEvent.setup();
    const api = renderAdmin('/admin?tab=import', {
      'POST /admin/members/import': ({ path }) => (path.includes('dryRun=1') ? preview : { ...preview, dryRun: false }),
    });
    await screen.findByRole('heading', { name: 'Import members from a spreadsheet' });
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
    const csv = 'name,email\nJo New,jo@uni.test\nBad,nope\n';
    await user.upload(screen.getByLabelText('CSV file'), new File([csv], 'club.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('heading', { name: 'Preview (nothing saved yet)' })).toBeInTheDocument();
    const bad = screen.getByRole('row', { name: /Bad/ });
    expect(bad).toHaveTextContent('3');
    expect(bad).toHaveTextContent('"nope" is not a valid email address.');
    expect(api.writes()).toEqual([expect.objectContaining({ path: '/admin/members/import?dryRun=1', body: csv })]);

    await user.click(screen.getByRole('button', { name: 'Import 1 members' }));
    expect(await screen.findByText(/Imported: 1 new, 0 updated, 0 skipped, 1 with errors/)).toBeInTheDocument();
    expect(api.writes()[1]).toMatchObject({ path: '/admin/members/import', body: csv });
    expect(api.writes()[1]!.headers['content-type']).toBe('text/csv');
  });

  it('sends the file as its bytes, so the club reads a UTF-16 file and names where a broken one breaks', async () => {
    const user = userEvent.setup();
    const refusal = 'The file is not valid UTF-8: line 2 has a byte UTF-8 does not allow there (byte 15 of the file, 0xFF).';
    const api = renderAdmin('/admin?tab=import', {
      'POST /admin/members/import': () => new Response(JSON.stringify({ error: refusal }), { status: 400 }),
    });
    const csv = 'name,email\nZoë Ünï,zoe@uni.test\n';
    const units = new Uint8Array([0xff, 0xfe, ...[...csv].flatMap((ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8])]);
    await user.upload(await screen.findByLabelText('CSV file'), new File([units], 'club.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    // What went is the file as it is, not this device's reading of it.
    expect(api.writes()[0]!.text).toBe(new TextDecoder().decode(units));
    expect(api.writes()[0]!.headers['content-type']).toBe('text/csv');
  });

  it('shows a refused file next to the buttons', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin?tab=import', {
      'POST /admin/members/import': () => new Response(JSON.stringify({ error: 'The file has 10000 rows; at most 2000 can be imported at once.' }), { status: 413 }),
    });
    await user.upload(await screen.findByLabelText('CSV file'), new File(['name,email\n'], 'big.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(/at most 2000 can be imported/)).toBeInTheDocument();
  });
});

const renewal = (fields: Partial<Renewal>): Renewal => ({
  id: 1,
  memberId: 2,
  name: 'Morgan Member',
  email: 'morgan@club.test',
  session: 'fall-2026',
  sessionName: 'Fall 2026',
  sessionEnds: '2026-12-31',
  currentExpiry: '2026-08-31',
  status: 'requested',
  reason: null,
  requestedAt: 0,
  decidedAt: null,
  ...fields,
});

describe('Admin → Renewals', () => {
  it('approves the selected requests at once, after confirming the count', async () => {
    const user = userEvent.setup();
    const renewals = [renewal({}), renewal({ id: 2, memberId: 4, name: 'Sam Soon', email: 'sam@club.test' })];
    const api = renderAdmin('/admin?tab=renewals', {
      'GET /admin/renewals': () => ({ renewals }),
      'POST /admin/renewals/approve': ({ body }) => ({ approved: body!.ids.length, renewals: [] }),
    });
    expect(await screen.findByRole('heading', { name: 'Sam Soon' })).toBeInTheDocument();
    await user.click(screen.getByLabelText('Select all 2'));
    await user.click(screen.getByRole('button', { name: 'Approve 2 renewals' }));
    const ask = screen.getByRole('dialog', { name: 'Approve 2 renewals?' });
    await user.click(within(ask).getByRole('button', { name: 'Approve 2 renewals' }));
    expect(await screen.findByText('2 renewals approved. The members have been emailed.')).toBeInTheDocument();
    expect(api.writes()).toEqual([expect.objectContaining({ path: '/admin/renewals/approve', body: { ids: [1, 2] } })]);
  });

  it('declines one with a reason, which is required', async () => {
    const user = userEvent.setup();
    const api = renderAdmin('/admin?tab=renewals', {
      'GET /admin/renewals': () => ({ renewals: [renewal({})] }),
      'POST /admin/renewals/:id/decline': ({ body }) => ({ renewal: renewal({ status: 'declined', reason: body!.reason }) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Decline Morgan Member' }));
    const dialog = screen.getByRole('dialog', { name: "Decline Morgan Member's renewal" });
    await user.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    expect(within(dialog).getByLabelText('Reason (sent to the member)')).toHaveAccessibleDescription('Give a reason: the member reads it.');
    expect(api.writes()).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason (sent to the member)'), 'Fee not paid yet');
    await user.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    await waitFor(() => expect(api.writes()).toEqual([expect.objectContaining({ path: '/admin/renewals/1/decline', body: { reason: 'Fee not paid yet' } })]));
  });

  it('says beside each request the membership paid since it was asked, and none for a payment before it', async () => {
    const paidOnline = (userId: number, paidAt: number, summary: string): Payment => ({
      ...{ id: userId * 10, userId, memberName: '', kind: 'membership', item: 'Full Tri', subtotalCents: 25600, taxCents: 3328, amountCents: 28928, taxName: 'HST', taxIncluded: false },
      ...{ currency: 'CAD', method: 'online', status: 'paid', refundedCents: 0, receipt: null, note: null, recordedBy: null, createdAt: paidAt, paidAt, refunds: [], summary, priceReason: null },
    });
    renderAdmin('/admin?tab=renewals', {
      'GET /admin/renewals': () => ({ renewals: [renewal({ requestedAt: 5_000 }), renewal({ id: 2, memberId: 4, name: 'Sam Soon', email: 'sam@club.test', requestedAt: 5_000 })] }),
      'GET /payments': () => ({
        ...{ currency: 'CAD', totals: { paidCents: 0, refundedCents: 0, netCents: 0, byItem: [], byMethod: [] }, members: [], packages: [], memberPrices: [], requests: [], owing: [], terms: [] },
        payments: [paidOnline(2, 6_000, 'Paid $289.28 online, Aug 20, 2026'), paidOnline(4, 4_000, 'Paid $289.28 online, Sep 1, 2025')],
      }),
    });
    expect(await screen.findByText('Payment: Paid $289.28 online, Aug 20, 2026')).toBeInTheDocument();
    expect(screen.getByText('Payment: none recorded since the request')).toBeInTheDocument();
  });

  it('says when nobody asked', async () => {
    renderAdmin('/admin?tab=renewals', { 'GET /admin/renewals': () => ({ renewals: [] }) });
    expect(await screen.findByText('No renewal requests waiting.')).toBeInTheDocument();
  });
});

describe('All Members: search, filters and bulk actions', () => {
  it('searches by name or email, filters by role, and sets the expiry of the selection after confirming the count', async () => {
    const user = userEvent.setup();
    data.members = [...MEMBERS, adminMember({ id: 4, name: 'Zoë Zed', email: 'zed@uni.test', role: 'exec' })];
    const api = renderAdmin('/admin', { 'POST /admin/members/bulk': ({ body }) => ({ updated: body!.ids.length, skipped: 0 }) });
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Search by name or email'), 'zoe');
    expect(screen.getByText('1 of 4 accounts match')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Zoë Zed/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Morgan Member/ })).toBeNull();
    await user.clear(screen.getByLabelText('Search by name or email'));
    await user.selectOptions(screen.getByLabelText('Role'), 'member');
    expect(screen.getByText('1 of 4 accounts match')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Role'), '');

    await user.click(screen.getByLabelText('Select Morgan Member'));
    await user.click(screen.getByLabelText('Select Zoë Zed'));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    const session = (screen.getByLabelText('Expiry') as HTMLSelectElement).value;
    await user.click(screen.getByRole('button', { name: 'Set expiry' }));
    const ask = screen.getByRole('dialog', { name: 'Set the expiry of 2 members?' });
    await user.click(within(ask).getByRole('button', { name: 'Set expiry for 2 members' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([expect.objectContaining({ path: '/admin/members/bulk', body: { action: 'set-expiry', ids: [2, 4], session } })]),
    );
    expect(await screen.findByText(/2 members updated/)).toBeInTheDocument();
  });

  it('names another administrator in the selection before a bulk role change, and says so to the server', async () => {
    const user = userEvent.setup();
    data.members = [...MEMBERS, adminMember({ id: 5, name: 'Bo Boss', email: 'bo@club.test', role: 'administrator' })];
    const api = renderAdmin('/admin', { 'POST /admin/members/bulk': ({ body }) => ({ updated: body!.ids.length, skipped: 0 }) });
    await screen.findByRole('table');
    await user.click(screen.getByLabelText('Select Morgan Member'));
    await user.click(screen.getByLabelText('Select Bo Boss'));
    await user.click(screen.getByRole('button', { name: 'Set role' }));
    const ask = screen.getByRole('dialog', { name: 'Make 2 members Member?' });
    expect(ask).toHaveTextContent('Bo Boss is an administrator: changing roles in bulk would take that role away.');
    await user.click(within(ask).getByRole('button', { name: 'Set role for 2 members' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([
        expect.objectContaining({ body: { action: 'set-role', ids: [2, 5], role: 'member', confirmDemoteAdmins: true } }),
      ]),
    );
  });

  it('asks again, naming them, when the club finds administrators the list on screen did not show', async () => {
    const user = userEvent.setup();
    const refusal = 'Bo Boss is an administrator: changing roles in bulk would take that role away. Leave them out of the selection, or confirm the change.';
    const api = renderAdmin('/admin', {
      'POST /admin/members/bulk': ({ body }) =>
        body!.action === 'set-role' && body!.confirmDemoteAdmins
          ? { updated: 1, skipped: 0 }
          : new Response(JSON.stringify({ error: refusal, administrators: [{ id: 2, name: 'Bo Boss' }] }), { status: 409 }),
    });
    await screen.findByRole('table');
    await user.click(screen.getByLabelText('Select Morgan Member'));
    await user.click(screen.getByRole('button', { name: 'Set role' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Make 1 member Member?' })).getByRole('button', { name: 'Set role for 1 member' }));
    const again = await screen.findByRole('dialog', { name: 'Take the administrator role away?' });
    expect(again).toHaveTextContent(refusal);
    await user.click(within(again).getByRole('button', { name: 'Set role for 1 member' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes().map((w) => w.body)).toEqual([
      { action: 'set-role', ids: [2], role: 'member' },
      { action: 'set-role', ids: [2], role: 'member', confirmDemoteAdmins: true },
    ]);
    expect(await screen.findByText(/1 member updated/)).toBeInTheDocument();
  });

  it('never sends the administrator’s own row in a bulk role change', async () => {
    const user = userEvent.setup();
    const api = renderAdmin('/admin');
    await screen.findByRole('table');
    await user.click(screen.getByLabelText('Select all 3'));
    await user.click(screen.getByRole('button', { name: 'Set role' }));
    expect(screen.getByText('Leave yourself out of the selection to change roles in bulk.')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });
});
