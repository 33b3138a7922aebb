import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MemberListEntry } from '../../../domain/contract/members/admin';
import { AppProviders } from '../../test-providers';
import { answerApi, jsonReply, type ApiCall } from '../../test-server';
import { testUser } from '../../test-support';
import { MemberPasskeys } from './member-passkeys';

const morgan: MemberListEntry = {
  id: 2,
  name: 'Morgan Member',
  email: 'morgan@club.test',
  role: 'member',
  phone_number: null,
  join_date: '2025-09-01',
  expiry_date: '2026-08-31',
  absences: 0,
  charter_accepted: 1,
  expired: false,
  passkeyCount: 2,
};
let calls: ApiCall[];

function setup(member: MemberListEntry) {
  const admin = testUser('administrator', { id: 1 });
  localStorage.setItem('user', JSON.stringify(admin));
  localStorage.setItem('token', 'test-token');
  calls = answerApi(({ method, path }) => {
    if (path === '/auth/profile') return jsonReply({ user: admin });
    if (method === 'DELETE' && path === '/admin/members/2/passkeys') return jsonReply({ message: '2 passkeys removed', removed: 2 });
    return jsonReply({ error: 'Not found' }, 404);
  });
  render(
    <AppProviders>
      <MemberPasskeys member={member} />
    </AppProviders>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe("a member's passkeys in the members table", () => {
  it('shows how many and removes them all after asking', async () => {
    setup(morgan);
    expect(screen.getByText('2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove the passkeys of Morgan Member' }));
    const dialog = screen.getByRole('dialog', { name: "Remove Morgan Member's passkeys?" });
    expect(dialog).toHaveTextContent('All 2 of their passkeys will no longer sign in.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove passkeys' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/admin/members/2/passkeys']));
  });

  it('offers nothing to remove when there are none', () => {
    setup({ ...morgan, passkeyCount: 0 });
    expect(screen.getByText('0')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
