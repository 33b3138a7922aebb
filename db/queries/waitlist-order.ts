// Club rules in the form the database needs them, so a query sorts and picks as domain/rules.ts says.
import { and, asc, eq, lt, lte, or } from 'drizzle-orm';
import { waitlistEntries } from '../schema';

/**
 * The SQL form of `waitlistOrder` in domain/rules.ts: first come, first served, by the time of
 * joining, and for two joins in the same millisecond by the order they were stored (the row id).
 * For the query builder: `.orderBy(...waitlistOrder)`.
 */
export const waitlistOrder = [asc(waitlistEntries.joinedAt), asc(waitlistEntries.id)] as const;

/** The entries `waitlistOrder` puts at or before `entry` (a condition for `.where`). */
export function waitlistUpTo(entry: { id: number; joinedAt: number }) {
  return or(
    lt(waitlistEntries.joinedAt, entry.joinedAt),
    and(eq(waitlistEntries.joinedAt, entry.joinedAt), lte(waitlistEntries.id, entry.id)),
  );
}

/** `waitlistOrder` in SQL text, for a statement that names `waitlist_entries` as `alias`. */
export function waitlistOrderSql(alias: string): string {
  return `${alias}.joined_at, ${alias}.id`;
}
