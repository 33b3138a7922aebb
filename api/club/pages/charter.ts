// Which version of a text members accept or sign (the charter, the waiver) they must have agreed to:
// the one in force, unless it was published as a wording fix (`minor`), in which case the newest
// version before it that was not. Publishing a new version (not minor) so asks every member again; a
// restore is a new version too.
import { and, eq, max } from 'drizzle-orm';
import { clubDocuments } from '../../../db/schema';
import { FIRST_CHARTER_VERSION, charterVersionName } from '../../../domain/documents/club-pages';
import type { AppDeps } from '../../platform/context';
import { onDocumentPublished } from '../documents';

type SignedText = 'charter' | 'waiver';

// Read on every session answer: kept per database and text, dropped when that text is published.
const kept = new WeakMap<AppDeps['database'], Map<SignedText, number>>();
onDocumentPublished((deps, key) => {
  if (key === 'charter' || key === 'waiver') kept.get(deps.database)?.delete(key);
});

/** The newest version of `key` not published as a wording fix (0: the default, never published). */
function newestFullVersion(deps: Pick<AppDeps, 'database'>, key: SignedText): number {
  let byKey = kept.get(deps.database);
  if (!byKey) kept.set(deps.database, (byKey = new Map()));
  const known = byKey.get(key);
  if (known !== undefined) return known;
  const newest =
    deps.database.db
      .select({ v: max(clubDocuments.version) })
      .from(clubDocuments)
      .where(and(eq(clubDocuments.key, key), eq(clubDocuments.minor, false)))
      .get()?.v ?? 0;
  byKey.set(key, newest);
  return newest;
}

/** The name (users.charter_version) of the charter version a member must have accepted. */
export function currentCharterVersion(deps: Pick<AppDeps, 'database'>): string {
  return charterVersionName(newestFullVersion(deps, 'charter'));
}

/** The name (waiver_signatures.version) of the waiver version a member must have signed: '0' for the default text. */
export function currentWaiverVersion(deps: Pick<AppDeps, 'database'>): string {
  return String(newestFullVersion(deps, 'waiver'));
}

/**
 * Whether an account's acceptance (users.charter_accepted_at, users.charter_version) is of that version.
 * An acceptance recorded without a version is of the first charter, the only one there was then.
 */
export function acceptedCurrentCharter(deps: Pick<AppDeps, 'database'>, row: { charterAcceptedAt: number | null; charterVersion: string | null }): boolean {
  return row.charterAcceptedAt !== null && (row.charterVersion ?? FIRST_CHARTER_VERSION) === currentCharterVersion(deps);
}
