import type { AdminMember } from '../../../domain/contract/members/admin';
import { inRenewalWindow } from '../../../domain/membership';

/** Name or email contains every word typed, ignoring case and accents. */
export function matchesSearch(member: Pick<AdminMember, 'name' | 'email'>, search: string): boolean {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const haystack = fold(`${member.name} ${member.email}`);
  return fold(search)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** Expires within the renewal window (30 days) or has expired: the members to chase at a term's start. */
export function expiresSoon(member: Pick<AdminMember, 'expiry_date' | 'expired'>, today: string): boolean {
  return member.expired || inRenewalWindow(member.expiry_date, today);
}
