import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test-providers';
import { answerRoutes } from '../../test-server';
import { testUser } from '../../test-support';
import { SetupPage } from './setup-page';

const admin = testUser('administrator', { id: 1, name: 'Cox', email: 'cox@rowing.test' });

async function fillIn() {
  await userEvent.type(await screen.findByLabelText('Club name'), 'Rowing Club');
  await userEvent.type(screen.getByLabelText('Your name'), 'Cox');
  await userEvent.type(screen.getByLabelText('Email'), 'cox@rowing.test');
  await userEvent.type(screen.getByLabelText('Password'), 'correct-horse');
  await userEvent.click(screen.getByRole('button', { name: 'Create the club' }));
}

describe('SetupPage', () => {
  it('asks and sends with the one-time key of the host’s setup link', async () => {
    const api = answerRoutes({ 'GET /setup': { open: true }, 'POST /setup': { token: 'tok', user: admin } });
    renderAt('/setup?key=one-time-key', '/setup', <SetupPage />, { user: null, visitor: true });
    await fillIn();
    await waitFor(() => expect(api.to('POST /setup')).toHaveLength(1));
    expect(api.to('GET /setup')[0]!.path).toBe('/setup?key=one-time-key');
    expect(api.to('POST /setup')[0]!.body).toEqual({ clubName: 'Rowing Club', name: 'Cox', email: 'cox@rowing.test', password: 'correct-horse', key: 'one-time-key' });
  });

  it('sends no key when the page was opened without one (a club set up on its own server)', async () => {
    const api = answerRoutes({ 'GET /setup': { open: true }, 'POST /setup': { token: 'tok', user: admin } });
    renderAt('/setup', '/setup', <SetupPage />, { user: null, visitor: true });
    await fillIn();
    await waitFor(() => expect(api.to('POST /setup')).toHaveLength(1));
    expect(api.to('GET /setup')[0]!.path).toBe('/setup');
    expect(api.to('POST /setup')[0]!.body).not.toHaveProperty('key');
  });
});
