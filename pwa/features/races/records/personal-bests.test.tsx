import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/ui/format';
import { renderAt } from '../../../test-providers';
import { answerRoutes, jsonReply, type RouteAnswer } from '../../../test-server';
import { member } from '../test-handlers';
import { PersonalBests } from './personal-bests';

// A member's personal bests, shown on their profile (the app frame hands them to it).

function show(answer: RouteAnswer<'GET /races/personal-bests/:userId'>) {
  const api = answerRoutes({ 'GET /races/personal-bests/:userId': answer }, { user: member });
  renderAt('/profile', '/profile', <PersonalBests userId={member.id} />, { user: member });
  return api;
}

const bests = () => screen.findByRole('region', { name: 'Personal bests' });

describe('PersonalBests', () => {
  it('lists a best per distance with its race day, the newest marked', async () => {
    const api = show({
      personalBests: [
        { distance: 'Olympic', raceId: 3, raceDate: '2026-05-16', finishSeconds: 8130, isNew: true },
        { distance: 'Sprint', raceId: 1, raceDate: '2026-04-04', finishSeconds: 4205, isNew: false },
      ],
    });
    const section = await bests();
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      `Olympic: 2:15:30 (${formatDate('2026-05-16', 'long')}) New personal best!`,
      `Sprint: 1:10:05 (${formatDate('2026-04-04', 'long')})`,
    ]);
    expect(api.to('GET /races/personal-bests/:userId')[0]!.path).toBe(`/races/personal-bests/${member.id}`);
  });

  it('says where results are entered when there are none', async () => {
    show({ personalBests: [] });
    expect(await within(await bests()).findByText("No race results yet: enter yours on a race's page after the race.")).toBeInTheDocument();
  });

  it('says so when the bests could not be loaded', async () => {
    show(jsonReply({ error: 'boom' }, 500));
    expect(await within(await bests()).findByText('Personal bests could not be loaded.')).toBeInTheDocument();
  });
});
