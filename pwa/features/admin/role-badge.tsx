import { formatDate } from '../../lib/ui/format';
import { ROLE_LABELS, type Role } from '../../../domain/contract/roles';

export function RoleBadge({ role }: { role: Role }) {
  return <span className={`badge role-badge role-badge--${role}`}>{ROLE_LABELS[role] ?? role}</span>;
}

/** A stored date ('YYYY-MM-DD', already club-local) as 'Nov 21, 2026', or 'Not set'. */
export function dateOrNotSet(date: string | null): string {
  return date ? formatDate(date, 'medium') : 'Not set';
}
