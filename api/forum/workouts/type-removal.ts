// A workout type is removed from the club's `sports` document only while no workout has it; one that
// has workouts is retired instead. Apart from workout-types.ts because the document store runs it on a
// publish of the sports document (the composition root hands it over: api/deps.ts).
import { inArray } from 'drizzle-orm';
import { posts } from '../../../db/schema';
import { removedInUseMessage, removedTypesInUse, type SportsDocument } from '../../../domain/sports';
import type { AppDeps } from '../../platform/context';
import { ServiceError } from '../../platform/errors';

/**
 * Runs inside the publish's transaction, before the new version is written: a type the edit drops
 * that any workout (past or planned) still has is refused with a 409 naming it, so no workout is
 * left with a type the club no longer knows.
 */
export function checkRemovedTypes(deps: AppDeps, before: SportsDocument, after: SportsDocument): void {
  const kept = new Set(after.types.map((t) => t.id));
  const dropped = before.types.filter((t) => !kept.has(t.id)).map((t) => t.id);
  if (dropped.length === 0) return;
  const used = deps.database.db
    .selectDistinct({ type: posts.workoutType })
    .from(posts)
    .where(inArray(posts.workoutType, dropped))
    .all();
  const removed = removedTypesInUse(before, after, new Set(used.map((row) => row.type ?? '')));
  if (removed.length > 0) {
    throw new ServiceError(409, removedInUseMessage(removed), { field: 'types', inUse: removed.map((t) => t.id) });
  }
}
