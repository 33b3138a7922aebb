import { signupsWithMe, type Me } from '../../lib/data/my-signup';
import type { Race, RaceSignup } from '../../../domain/contract/training/races';

export type { Me } from '../../lib/data/my-signup';

/** The race's sign-ups with the member's own (possibly not yet synced) choice applied. */
export function signupsWith(signups: RaceSignup[], me: Me, signedUp: boolean): RaceSignup[] {
  return signupsWithMe(signups, me, signedUp);
}

/** The race as the signed-in member sees it with their signup state applied. */
export function raceWith(race: Race, me: Me, signedUp: boolean): Race {
  if (signedUp === race.isSignedUp) return race;
  const signups = signupsWith(race.signups, me, signedUp);
  const delta = signedUp ? 1 : -1;
  return { ...race, signups, signupCount: Math.max(0, race.signupCount + delta), isSignedUp: signedUp };
}

export function sortRaces(races: Race[]): Race[] {
  return [...races].sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
}
