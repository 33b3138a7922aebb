import { ROLE_LABELS, type Role } from '../../../api/contract/roles';

export function RoleBadge({ role }: { role: Role }) {
  return <span className={`badge role-badge role-badge--${role}`}>{ROLE_LABELS[role] ?? role}</span>;
}

const SHORT_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/** A stored date ('YYYY-MM-DD', already club-local) as 'Nov 21, 2026', or the spec's 'Not set'. */
export function dateOrNotSet(date: string | null): string {
  if (!date) return 'Not set';
  const d = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : SHORT_DATE.format(d);
}
