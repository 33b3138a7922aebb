import type { SessionUser } from '../../../api/contract/auth';
import type { Race, RaceSignup } from '../../../api/contract/races';

export type Me = Pick<SessionUser, 'id' | 'name' | 'profilePictureUrl'> | null;

/** The signup list as it is once `me` is (or is not) signed up: the rest of the list is the server's. */
export function signupsWith(signups: RaceSignup[], me: Me, signedUp: boolean): RaceSignup[] {
  if (!me) return signups;
  const listed = signups.some((s) => s.user_id === me.id);
  if (signedUp && !listed) {
    // A stand-in row until the next load brings the server's (negative id: never a real one).
    return [...signups, { id: -me.id, user_id: me.id, user_name: me.name, signup_time: Date.now(), userProfilePictureUrl: me.profilePictureUrl }];
  }
  if (!signedUp && listed) return signups.filter((s) => s.user_id !== me.id);
  return signups;
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
