import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PasskeyInfo } from '../../../../domain/contract/members/passkeys';
import { setServerPasskeys } from '../../../lib/club/club-passkeys';
import { ApiError } from '../../../lib/data/api-error';
import { AppProviders } from '../../../test-providers';
import { answerApi, jsonReply, type ApiCall } from '../../../test-server';
import { testUser } from '../../../test-support';
import { Passkeys } from './passkeys';

// The browser's passkey dialog (navigator.credentials.create) is the ceremony module's: stood in for.
const ceremony = vi.hoisted(() => ({ addPasskeyOnThisDevice: vi.fn() }));
vi.mock('../../../lib/session/passkey-ceremony', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...ceremony,
}));

const ADDED = Date.parse('2026-03-02T15:00:00Z');
const USED = Date.parse('2026-03-09T11:30:00Z');
let list: PasskeyInfo[];
let calls: ApiCall[];

function setup(role: 'member' | 'pending' = 'member') {
  const user = testUser(role, { id: 7 });
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem('token', 'test-token');
  calls = answerApi(({ method, path, body }) => {
    if (path === '/auth/profile') return jsonReply({ user });
    if (method === 'GET' && path === '/passkeys') return jsonReply({ passkeys: list });
    const one = /^\/passkeys\/(\d+)$/.exec(path);
    if (one && method === 'PUT') {
      list = list.map((p) => (p.id === Number(one[1]) ? { ...p, name: (body as { name: string }).name } : p));
      return jsonReply({ passkey: list.find((p) => p.id === Number(one[1])) });
    }
    if (one && method === 'DELETE') {
      list = list.filter((p) => p.id !== Number(one[1]));
      return jsonReply({ passkeys: list });
    }
    return jsonReply({ error: 'Not found' }, 404);
  });
  render(
    <AppProviders>
      <Passkeys />
    </AppProviders>,
  );
}

function browserWithPasskeys() {
  vi.stubGlobal('PublicKeyCredential', Object.assign(function PublicKeyCredential() {}, { isConditionalMediationAvailable: async () => true }));
}

beforeEach(() => {
  localStorage.clear();
  list = [
    { id: 1, name: 'iPhone', createdAt: ADDED, lastUsedAt: USED, synced: true },
    { id: 2, name: 'Blue key', createdAt: ADDED, lastUsedAt: null, synced: false },
  ];
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

describe('the passkeys on the profile', () => {
  it('lists each passkey with when it was added and last used', async () => {
    browserWithPasskeys();
    setServerPasskeys(true);
    setup();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/iPhone · Added .*2026.* · Last used .*Mar.* 9.*2026/);
    expect(items[1]).toHaveTextContent(/Blue key · Added .*2026.* · Never used/);
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeInTheDocument();
  });

  it('renames one in place', async () => {
    browserWithPasskeys();
    setServerPasskeys(true);
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Blue key' }));
    const input = screen.getByLabelText('New name for Blue key');
    await userEvent.clear(input);
    await userEvent.type(input, 'Keyring key');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Keyring key')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/passkeys/2', body: { name: 'Keyring key' } });
  });

  it('says next to the name when a rename leaves it empty, and sends nothing', async () => {
    browserWithPasskeys();
    setServerPasskeys(true);
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Blue key' }));
    const input = screen.getByLabelText('New name for Blue key');
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please give the passkey a name')).toHaveClass('field-error');
    expect(input).toHaveAccessibleDescription('Please give the passkey a name');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('removes one after asking', async () => {
    browserWithPasskeys();
    setServerPasskeys(true);
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove iPhone' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove iPhone?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('iPhone')).toBeNull());
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/passkeys/1']);
  });

  it('adds one named after the device, asking for the password when the server wants it', async () => {
    browserWithPasskeys();
    setServerPasskeys(true);
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36');
    const made: PasskeyInfo = { id: 3, name: 'Pixel 9', createdAt: ADDED, lastUsedAt: null, synced: true };
    ceremony.addPasskeyOnThisDevice
      .mockRejectedValueOnce(new ApiError(403, 'Enter your password again to add a passkey.', { passwordRequired: true }))
      .mockResolvedValueOnce(made);
    setup('pending');
    expect(await screen.findByLabelText('Name of the new passkey')).toHaveValue('Pixel 9');
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your password again to add a passkey.');
    const password = screen.getByLabelText('Your password');
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeDisabled();
    await userEvent.type(password, 'swim-bike-run');
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Passkey “Pixel 9” added. Next time, sign in with it.')).toBeInTheDocument();
    expect(ceremony.addPasskeyOnThisDevice.mock.calls).toEqual([
      ['Pixel 9', undefined],
      ['Pixel 9', 'swim-bike-run'],
    ]);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('iPhone'),
      expect.stringContaining('Blue key'),
      expect.stringContaining('Pixel 9'),
    ]);
    expect(screen.queryByLabelText('Your password')).toBeNull();
  });

  it('says plainly when this browser cannot make passkeys, and still lists and removes them', async () => {
    setServerPasskeys(true);
    setup();
    expect(await screen.findByText('This browser cannot make passkeys. You can still remove the ones listed here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Remove iPhone' })).toBeInTheDocument();
  });

  it('says so when the server has passkeys off', async () => {
    browserWithPasskeys();
    setServerPasskeys(false);
    setup();
    expect(await screen.findByText('Passkeys are turned off on this server. You can still remove the ones listed here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });
});
