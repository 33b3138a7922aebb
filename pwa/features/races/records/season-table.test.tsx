import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SeasonTableAnswer } from '../../../../domain/contract/training/races';
import { renderAt } from '../../../test-providers';
import { answerRoutes } from '../../../test-server';
import { member } from '../test-handlers';
import { SeasonTable } from './season-table';

// The season table runs by the club's race season: its first month comes with the answer, the
// seasons are named for both years when they span two, and the one shown first is the server's
// (the season holding the club's today).

const row = { rank: 1, user_id: 7, user_name: 'Morgan Member', points: 20, races: 1 };

function answerFor(year: string | null, startMonth: number): SeasonTableAnswer {
  const y = year ?? '2026';
  const next = String(Number(y) + 1).slice(2);
  return {
    year: y,
    season: startMonth === 1 ? y : `${y}–${next}`,
    from: `${y}-${String(startMonth).padStart(2, '0')}-01`,
    to: startMonth === 1 ? `${y}-12-31` : `${Number(y) + 1}-08-31`,
    startMonth,
    table: year === null ? [row] : [],
  };
}

function show(startMonth: number, today: string) {
  const api = answerRoutes(
    { 'GET /races/season-table': ({ url }) => answerFor(new URL(url, 'http://club.test').searchParams.get('year'), startMonth) },
    { user: member },
  );
  renderAt('/races', '/races', <SeasonTable today={today} />, { user: member });
  return api;
}

describe('the season table', () => {
  it('for a club whose season starts in September, names the seasons for both years and asks the server for the current one', async () => {
    const api = show(9, '2026-11-02');
    const table = await screen.findByRole('region', { name: 'Season table' });
    expect(await within(table).findByRole('cell', { name: 'Morgan Member' })).toBeInTheDocument();
    const season = within(table).getByLabelText('Season');
    expect(within(season).getAllByRole('option').map((o) => o.textContent)).toEqual(['2026–27', '2025–26', '2024–25']);
    expect(season).toHaveValue('2026');
    expect(api.to('GET /races/season-table')[0]!.url).toBe('/api/races/season-table');

    await userEvent.selectOptions(season, '2025–26');
    expect(await within(table).findByText('No results in 2025–26 yet.')).toBeInTheDocument();
    expect(api.to('GET /races/season-table').at(-1)!.url).toBe('/api/races/season-table?year=2025');
  });

  it('for a club racing by calendar year, names each season by its year', async () => {
    show(1, '2026-11-02');
    const table = await screen.findByRole('region', { name: 'Season table' });
    expect(await within(table).findByRole('cell', { name: 'Morgan Member' })).toBeInTheDocument();
    expect(within(within(table).getByLabelText('Season')).getAllByRole('option').map((o) => o.textContent)).toEqual(['2026', '2025', '2024']);
  });
});
