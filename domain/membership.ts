// The membership rules: an approved account's last day, what happens once it has passed, and when a
// member may ask to renew. The server applies them (the role it answers, who may renew, who is told
// what) and the screens say the same (Home, the renewal card, the members table). docs/rules.md tells
// them in full. No zod here: Home reads this with its first download.
import { addDays } from './calendar-days';
import { ROLES, type Role } from './contract/roles';

/** A member may ask to renew this many days before the membership ends (and any time after). */
export const RENEWAL_WINDOW_DAYS = 30;

/** The roles a membership expiry date applies to (an administrator's account does not lapse). */
export const EXPIRING_ROLES: readonly Role[] = ['member', 'exec'];

/** True once the membership's last day (`expiryDate`, a club date) is before the club's today. */
export function membershipEnded(expiryDate: string | null | undefined, today: string): boolean {
  return !!expiryDate && expiryDate < today;
}

/**
 * The role the rules see: a member or exec whose membership has ended counts as pending until renewed.
 * The server answers this role (the session's `role`), so a screen never sees the stored one.
 */
export function effectiveRole(account: { role: string; expiryDate: string | null }, today: string): Role {
  const role = (ROLES as readonly string[]).includes(account.role) ? (account.role as Role) : 'public';
  if ((EXPIRING_ROLES as readonly string[]).includes(account.role) && membershipEnded(account.expiryDate, today)) return 'pending';
  return role;
}

/**
 * The session's side of effectiveRole: an account the server answers as pending with a membership on
 * record is a member whose membership ended (it may renew), not a new applicant, who has no expiry
 * date until approved. `role` is the effective role the session carries.
 */
export function isLapsedMember(account: { role: string; expiryDate: string | null }): boolean {
  return account.role === 'pending' && !!account.expiryDate;
}

/** The membership ends within the renewal window, or has ended: the member may ask to renew. */
export function inRenewalWindow(expiryDate: string | null, today: string): boolean {
  return expiryDate !== null && expiryDate <= addDays(today, RENEWAL_WINDOW_DAYS);
}
