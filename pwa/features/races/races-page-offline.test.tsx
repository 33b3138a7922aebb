// The races page with device storage (fake-indexeddb) and the real outbox: a sign-up made offline is
// kept on the device, and one kept from an earlier visit shows as the member wanted it. The page's
// other tests run without storage, where a write that gets no answer is a failure.
import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshOutboxState } from '../../lib/offline/outbox';
import { keepOnDevice, resetDevice } from '../../test-device';
import { renderAt } from '../../test-providers';
import { answerRoutes } from '../../test-server';
import { outboxOp, storeSession } from '../../test-support';
import { RacesPage } from './races-page';
import { clubRaces, member } from './test-handlers';

function show() {
  const api = answerRoutes({ 'GET /races': { races: clubRaces() } }, { user: member });
  renderAt('/races', '/races', <RacesPage />, { user: member, visitor: true });
  return api;
}

const card = (name: string) => screen.getByRole('article', { name });

beforeEach(async () => {
  await resetDevice();
});

describe('RacesPage with the outbox', () => {
  it('shows a queued sign-up at once with the not-yet-synced marker', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const api = show();
    await screen.findByRole('article', { name: 'Spring Sprint' });
    await userEvent.click(within(card('Spring Sprint')).getByRole('button', { name: 'Sign Up' }));
    const sprint = card('Spring Sprint');
    expect(await within(sprint).findByText('Saved on this device — not yet synced')).toBeInTheDocument();
    expect(within(sprint).getByText("✓ You're going")).toBeInTheDocument();
    expect(within(sprint).getByText('1 signed up')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('shows an action still in the outbox as its desired state', async () => {
    await keepOnDevice(outboxOp(member.id, { action: { kind: 'race-signup', raceId: 4, signedUp: false } }));
    storeSession(member);
    await refreshOutboxState();
    show();
    await screen.findByRole('article', { name: 'City Duathlon' });
    const duathlon = card('City Duathlon');
    expect(within(duathlon).getByText('Not signed up')).toBeInTheDocument();
    expect(within(duathlon).getByText('1 signed up')).toBeInTheDocument();
    expect(within(duathlon).getByText('Saved on this device — not yet synced')).toBeInTheDocument();
  });
});
