// Roles and their ranks (docs/rules.md). Checks are by rank; a missing role counts as public.
export const ASSIGNABLE_ROLES = ['pending', 'member', 'exec', 'administrator'] as const;
export const ROLES = ['rejected', 'public', 'pending', 'member', 'exec', 'administrator'] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { rejected: -1, public: 0, pending: 1, member: 2, exec: 3, administrator: 4 };

export function roleRank(role: string | null | undefined): number {
  return role && role in RANK ? RANK[role as Role] : RANK.public;
}

/** True when `role` is `min` or higher. */
export function hasRole(role: string | null | undefined, min: Role): boolean {
  return roleRank(role) >= RANK[min];
}

/** The refusal of a caller below the role a route requires (others: NO_PERMISSION_ERROR in common.ts). */
export const ROLE_REQUIRED_ERRORS: Partial<Record<Role, string>> = {
  member: 'Membership required: an administrator activates your account after your membership payment.',
  exec: 'Only executives and administrators can do that.',
  administrator: 'Administrators only.',
};

export const ROLE_LABELS: Record<Role, string> = {
  rejected: 'Rejected',
  public: 'Public',
  pending: 'Pending',
  member: 'Member',
  exec: 'Executive',
  administrator: 'Administrator',
};
