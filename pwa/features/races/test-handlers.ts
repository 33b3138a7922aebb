// Races and sign-ups as the API answers them, and the member the races tests sign in as.
import type { Race, RaceSignup } from '../../../domain/contract/training/races';
import { addDays } from '../../../domain/clock';
import { clubTodayNow } from '../../lib/club/club-clock';
import { testUser } from '../../test-support';

/** A date `days` from today in the club time zone. */
export const inDays = (days: number) => addDays(clubTodayNow()!, days);

export function signupRow(userId: number, name: string, picture: string | null = null): RaceSignup {
  return { id: userId * 10, user_id: userId, user_name: name, signup_time: 1_770_000_000_000, userProfilePictureUrl: picture };
}

export function race(fields: Partial<Race> & { id: number; name: string }): Race {
  return {
    date: inDays(10),
    location: '',
    description: '',
    signups: [],
    signupCount: 0,
    isSignedUp: false,
    distances: [],
    legs: ['Swim', 'T1', 'Bike', 'T2', 'Run'],
    entries: [],
    entry: null,
    lifts: [],
    liftSeekers: [],
    lookingForLift: false,
    results: [],
    ...fields,
  };
}

/** The race list, as a visitor gets it: no names, no counts, no sign-up of their own. */
export const visitorView = (list: Race[]): Race[] => list.map((r) => ({ ...r, signups: [], signupCount: 0, isSignedUp: false }));

/** The member of the races tests: signed up for the City Duathlon. */
export const member = testUser('member', { id: 7, name: 'Morgan Member' });

/** Four races around today: one past, one today, one tomorrow, and one the member is going to. */
export function clubRaces(): Race[] {
  return [
    race({ id: 1, name: 'Winter Run', date: inDays(-3), location: 'Ravine', description: 'Cold.' }),
    race({ id: 2, name: 'Club Time Trial', date: inDays(0), location: 'Track' }),
    race({ id: 3, name: 'Spring Sprint', date: inDays(1), location: 'Lakeside Park', description: '750 m swim, 20 km bike, 5 km run.' }),
    race({
      id: 4,
      name: 'City Duathlon',
      date: inDays(12),
      location: 'Downtown',
      signups: [signupRow(member.id, member.name), signupRow(9, 'Sam Swim')],
      signupCount: 2,
      isSignedUp: true,
    }),
  ];
}
