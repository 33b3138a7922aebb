import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepOnDevice, resetDevice } from '../../test-device';
import { renderAt } from '../../test-providers';
import { answerRoutes } from '../../test-server';
import { outboxOp } from '../../test-support';
import { LoginPage } from './login-page';

const renderLogin = (url: string) => renderAt(url, '/login', <LoginPage />, { user: null, visitor: true });

beforeEach(() => {
  answerRoutes({});
});

afterEach(async () => {
  await resetDevice();
});

describe('LoginPage after a session ended', () => {
  it('says what waits on this device for which account and that signing in sends it', async () => {
    await keepOnDevice(outboxOp(7, { id: 'k1', userLabel: 'Sam' }));
    renderLogin('/login?reason=session-expired');
    expect(
      await screen.findByText(/One change saved on this device waits for Sam’s account and has not reached the club yet\. Sign in as Sam to send it/),
    ).toBeInTheDocument();
  });

  it('says nothing when nothing waits', async () => {
    renderLogin('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/saved on this device/)).not.toBeInTheDocument();
  });
});
