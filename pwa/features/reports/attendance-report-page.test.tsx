import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TermReportAnswer } from '../../../domain/contract/training/reports';
import type { Role } from '../../../domain/contract/roles';
import { defaultTerms, nextYearTerms, termFromId } from '../../../domain/calendar';
import { setClubTerms } from '../../lib/club/club-terms';
import { renderAt } from '../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../test-server';
import { testUser } from '../../test-support';
import { AttendanceReportPage } from './attendance-report-page';
import { MemberAttendancePage } from './member-attendance-page';

const termFromKey = (key: string) => termFromId(defaultTerms().terms, key);
const fall = termFromKey('2026-fall')!;
const report: TermReportAnswer = {
  term: fall,
  workouts: [
    { workout_id: 4, title: 'Tempo run', workout_type: 'run', workout_date: '2026-11-24', workout_time: '18:15', signedUp: 6, present: 5, absent: 1 },
    { workout_id: 5, title: 'Masters swim', workout_type: 'swim', workout_date: '2026-11-26', workout_time: '07:00', signedUp: 3, present: null, absent: null },
  ],
};

/** The term report at /attendance, for a signed-in `role`. */
function showReport(role: Role, routes: Routes) {
  const user = testUser(role, { id: 3 });
  const api = answerRoutes(routes, { user });
  renderAt('/attendance', '/attendance', <AttendanceReportPage />, { user });
  return api;
}

/** One member's attendance at `url`, for an exec. */
function showMember(url: string, routes: Routes) {
  const user = testUser('exec', { id: 3 });
  answerRoutes(routes, { user });
  renderAt(url, '/attendance/members/:id', <MemberAttendancePage />, { user });
}

describe('the term report', () => {
  it('lists each workout with its counts, "Not taken" before attendance, and a download', async () => {
    showReport('exec', { 'GET /reports/attendance': report });
    const row = (await screen.findByRole('link', { name: 'Tempo run' })).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Nov 24, 2026 · 6:15 PM', '6', '5', '1']);
    const swim = screen.getByRole('link', { name: 'Masters swim' }).closest('tr')!;
    expect(within(swim).getAllByText('Not taken')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
    expect(screen.getByLabelText('Term')).toHaveValue('2026-fall');
  });

  it('tells "Not yet" (a workout to come) apart from "Not taken" (started, attendance missed)', async () => {
    showReport('exec', {
      'GET /reports/attendance': {
        term: fall,
        workouts: [
          { ...report.workouts[1]!, workout_id: 6, title: 'Missed swim', started: true },
          { ...report.workouts[1]!, workout_id: 7, title: 'Next swim', started: false },
        ],
      },
    });
    const missed = (await screen.findByRole('link', { name: 'Missed swim' })).closest('tr')!;
    expect(within(missed).getAllByText('Not taken')).toHaveLength(2);
    const next = screen.getByRole('link', { name: 'Next swim' }).closest('tr')!;
    expect(within(next).getAllByText('Not yet')).toHaveLength(2);
    expect(within(next).queryByText('Not taken')).toBeNull();
  });

  describe("with the club's own terms", () => {
    afterEach(() => setClubTerms(defaultTerms().terms));

    it("offers the terms the device learned, next year's and renamed ones included", async () => {
      const defaults = defaultTerms().terms;
      const terms = [...defaults, ...nextYearTerms(defaults)].map((t) => (t.id === 'fall-2026' ? { ...t, name: 'Autumn' } : t));
      setClubTerms(terms);
      showReport('exec', { 'GET /reports/attendance': report });
      await screen.findByRole('link', { name: 'Tempo run' });
      const options = within(screen.getByLabelText('Term')).getAllByRole('option').map((o) => o.textContent);
      expect(options).toContain('Fall 2028');
      expect(options).toContain('Autumn 2026');
      expect(options).not.toContain('Fall 2026');
      expect(options.indexOf('Fall 2028')).toBeLessThan(options.indexOf('Winter 2028'));
    });
  });

  it('asks the server for the chosen term', async () => {
    const { calls } = showReport('exec', {
      'GET /reports/attendance': ({ path }) => (path.includes('term=2026-summer') ? { term: termFromKey('2026-summer')!, workouts: [] } : report),
    });
    await screen.findByRole('link', { name: 'Tempo run' });
    await userEvent.selectOptions(screen.getByLabelText('Term'), '2026-summer');
    expect(await screen.findByText('No workouts in Summer 2026.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/reports/attendance?term=2026-summer')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it('shows the server error with Retry', async () => {
    showReport('exec', { 'GET /reports/attendance': jsonReply({ error: 'Database is busy' }, 503) });
    expect(await screen.findByText(/Database is busy/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry|Try again/ })).toBeInTheDocument();
  });

  it('is refused to a member without asking the server', async () => {
    const { calls } = showReport('member', { 'GET /reports/attendance': report });
    expect(await screen.findByText('Attendance reports are for executives and administrators.')).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/reports'))).toBe(false);
  });
});

describe("a member's attendance", () => {
  it('shows the totals and each workout with its status', async () => {
    showMember('/attendance/members/9', {
      'GET /reports/members/:id/attendance': {
        member: { id: 9, name: 'Morgan Member' },
        term: fall,
        totals: { attended: 1, absent: 0, lateCancels: 1 },
        rows: [
          { workout_id: 4, title: 'Tempo run', workout_type: 'run', workout_date: '2026-11-24', workout_time: '18:15', status: 'present' },
          { workout_id: null, title: 'Deleted workout', workout_type: null, workout_date: '2026-11-25', workout_time: null, status: 'late-cancel' },
        ],
      },
    });
    expect(await screen.findByRole('heading', { name: 'Morgan Member' })).toBeInTheDocument();
    expect(screen.getByText('Late cancels').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('Attended', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('Late cancel', { selector: 'span' })).toBeInTheDocument();
  });

  it('says when the member does not exist', async () => {
    showMember('/attendance/members/99', { 'GET /reports/members/:id/attendance': jsonReply({ error: 'Member not found' }, 404) });
    expect(await screen.findByRole('heading', { name: 'Member not found' })).toBeInTheDocument();
  });
});
