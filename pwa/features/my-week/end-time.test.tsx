import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MyWeekAnswer } from '../../../domain/contract/me';
import { resetDevice } from '../../test-device';
import { renderAt } from '../../test-providers';
import { answerRoutes } from '../../test-server';
import { testUser } from '../../test-support';
import { MyWeekSection } from './my-week-section';

beforeEach(async () => {
  await resetDevice();
});

describe('My week and end times', () => {
  it('shows when each item ends next to its day; a copy kept from before end times shows the start alone', async () => {
    const base = { start: 1, location: '', status: 'signed_up', waitlistPosition: null } as const;
    const answer: MyWeekAnswer = {
      items: [
        { ...base, kind: 'workout', id: 1, title: 'Long ride', date: '2099-03-07', time: '08:00', endTime: '10:00', workoutType: 'outdoor-ride' },
        { ...base, kind: 'workout', id: 2, title: 'Easy run', date: '2099-03-08', time: '18:00', workoutType: 'run' },
      ],
      standing: { term: { key: '2099-winter', label: 'Winter 2099' }, absencesThisTerm: 0, suspendedUntil: null, expiryDate: null, expiresInDays: null, renewSoon: false },
    };
    const user = testUser('member', { id: 3 });
    answerRoutes({ 'GET /me/week': answer }, { user });
    renderAt('/', '/', <MyWeekSection />, { user });
    const region = await screen.findByRole('region', { name: 'My week' });
    const [ride, run] = await within(region).findAllByRole('listitem');
    expect(within(ride!).getByText(/· 8:00 – 10:00 AM$/)).toBeInTheDocument();
    expect(within(run!).getByText(/· 6:00 PM$/)).toBeInTheDocument();
  });
});
