// The team page's positions (the `team-positions` document) against the people who hold them: a
// position someone holds is removed only when the administrator confirmed it, and its card goes with it.
import { inArray } from 'drizzle-orm';
import { teamProfiles } from '../../db/schema';
import { HELD_POSITION_ERROR, type TeamPositionsDocument } from '../../domain/contract/club/profiles';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';

/**
 * Runs inside the publish's transaction, before the new version is written: the positions `after`
 * drops are checked (held ones need `confirmed`: otherwise a 409 naming them and `confirm: true`)
 * and their cards deleted, so a position added again later starts vacant.
 */
export function checkRemovedPositions(deps: AppDeps, before: TeamPositionsDocument, after: TeamPositionsDocument, confirmed: boolean): void {
  const kept = new Set(after.positions.map((p) => p.id));
  const removed = before.positions.filter((p) => !kept.has(p.id));
  if (removed.length === 0) return;
  const { db } = deps.database;
  const ids = removed.map((p) => p.id);
  const held = db
    .select({ id: teamProfiles.id, name: teamProfiles.name })
    .from(teamProfiles)
    .where(inArray(teamProfiles.id, ids))
    .all()
    .filter((row) => row.name.trim() !== '');
  if (held.length > 0 && !confirmed) {
    throw new ServiceError(409, HELD_POSITION_ERROR, {
      confirm: true,
      held: held.map((row) => ({ id: row.id, title: removed.find((p) => p.id === row.id)!.title, name: row.name })),
    });
  }
  db.delete(teamProfiles).where(inArray(teamProfiles.id, ids)).run();
}
