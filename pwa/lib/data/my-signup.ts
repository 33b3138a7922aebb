import type { SessionUser } from '../../../domain/contract/members/auth';

/** The signed-in member, as a sign-up list names them. */
export type Me = Pick<SessionUser, 'id' | 'name' | 'profilePictureUrl'> | null | undefined;

/** A row of a sign-up list (a workout's roster, a race's sign-ups: the contract gives both this shape). */
export interface SignupRow {
  id: number;
  user_id: number;
  user_name: string;
  signup_time: number;
  userProfilePictureUrl: string | null;
}

/**
 * A sign-up list as the member sees it with their own (possibly not yet synced) choice applied, so a
 * list and its count always agree: a stand-in row for them (negative id, never a real one) until the
 * server's list has them.
 */
export function signupsWithMe<T extends SignupRow>(signups: T[], me: Me, signedUp: boolean): T[] {
  if (!me) return signups;
  const listed = signups.some((s) => s.user_id === me.id);
  if (signedUp && !listed) {
    const row: SignupRow = {
      id: -me.id,
      user_id: me.id,
      user_name: me.name,
      signup_time: Date.now(),
      userProfilePictureUrl: me.profilePictureUrl,
    };
    return [...signups, row as T];
  }
  if (!signedUp && listed) return signups.filter((s) => s.user_id !== me.id);
  return signups;
}
