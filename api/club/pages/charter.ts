// Which charter a member must have accepted: the one in force, unless it was published as a wording
// fix (`minor`), in which case the newest version before it that was not. Publishing a new version
// (not minor) so asks every signed-in member to accept again; a restore is a new version too.
import { and, eq, max } from 'drizzle-orm';
import { clubDocuments } from '../../../db/schema';
import { FIRST_CHARTER_VERSION, charterVersionName } from '../../../domain/documents/club-pages';
import type { AppDeps } from '../../platform/context';
import { onDocumentPublished } from '../documents';

// Read on every session answer: kept per database, dropped when the charter is published.
const kept = new WeakMap<AppDeps['database'], string>();
onDocumentPublished((deps, key) => {
  if (key === 'charter') kept.delete(deps.database);
});

/** The name (users.charter_version) of the charter version a member must have accepted. */
export function currentCharterVersion(deps: Pick<AppDeps, 'database'>): string {
  const known = kept.get(deps.database);
  if (known !== undefined) return known;
  const newest = deps.database.db
    .select({ v: max(clubDocuments.version) })
    .from(clubDocuments)
    .where(and(eq(clubDocuments.key, 'charter'), eq(clubDocuments.minor, false)))
    .get()?.v;
  const name = charterVersionName(newest ?? 0);
  kept.set(deps.database, name);
  return name;
}

/**
 * Whether an account's acceptance (users.charter_accepted_at, users.charter_version) is of that version.
 * An acceptance recorded without a version is of the first charter, the only one there was then.
 */
export function acceptedCurrentCharter(deps: Pick<AppDeps, 'database'>, row: { charterAcceptedAt: number | null; charterVersion: string | null }): boolean {
  return row.charterAcceptedAt !== null && (row.charterVersion ?? FIRST_CHARTER_VERSION) === currentCharterVersion(deps);
}
