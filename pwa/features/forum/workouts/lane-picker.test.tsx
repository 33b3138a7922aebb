// The lane a member's own pace suggests, in the workout type's own unit: a rower's pace per 500 m picks
// the matching Erg lane.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WorkoutLane } from '../../../../domain/contract/training/forum';
import { defaultSports } from '../../../../domain/sports';
import { setClubSports } from '../../../lib/club/club-sports';
import { renderAt } from '../../../test-providers';
import { answerRoutes } from '../../../test-server';
import { member, workout } from '../test-handlers';
import { LanePicker } from './lane-picker';

const lane = (id: number, name: string, paceFrom: number | null, paceTo: number | null): WorkoutLane => ({
  id,
  name,
  pace: '',
  paceFrom,
  paceTo,
  paceUnit: 's/500m',
  capacity: 6,
  signedUp: 2,
  waitlist: 0,
  mine: null,
  waitlistPosition: null,
});

const erg = workout({ workout_type: 'erg', lanes: [lane(1, 'Fast', null, 110), lane(2, 'Steady', 110, 130), lane(3, 'Easy', 130, null)] });

beforeEach(() => {
  const sports = defaultSports();
  sports.types.push({ id: 'erg', name: 'Erg', sport: 'row', colour: 'teal', minutes: 45, retired: false });
  setClubSports(sports);
});
afterEach(() => setClubSports(defaultSports()));

function show(paces: NonNullable<ReturnType<typeof member>['paces']>) {
  const user = member({ paces });
  answerRoutes({}, { user });
  renderAt('/workout/1', '/workout/:id', <LanePicker workout={erg} started={false} />, { user });
}

describe('the suggested lane', () => {
  it('a member with a rowing pace gets the Erg lane whose band per 500 m holds it, chosen at first', async () => {
    show({ swimPace: 95, runPace: 280, rideSpeed: 30, rowPace: 118 });
    expect(await screen.findByText('Suggested for your pace: Steady')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Steady/ })).toBeChecked();
    expect(screen.getByText('1:50–2:10 per 500 m')).toBeInTheDocument();
  });

  it('other paces suggest no Erg lane', async () => {
    show({ swimPace: 118, runPace: 118, rideSpeed: null, rowPace: null });
    expect(await screen.findByRole('radio', { name: /Fast/ })).toBeChecked();
    expect(screen.queryByText(/Suggested for your pace/)).toBeNull();
  });
});
