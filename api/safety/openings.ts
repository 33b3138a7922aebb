// The record of every opening of a member's card by someone else (who, whose, when, how): written
// when an exec opens a card online, when a phone tells of one made with no signal, and for each
// person in a race's emergency list; read by the member in their profile and their data download.
import { desc, eq } from 'drizzle-orm';
import { safetyOpenings } from '../../db/schema';
import type { SafetyOpening } from '../../domain/contract/members/safety';
import type { AppDeps, CurrentUser } from '../platform/context';

export function recordOpening(deps: AppDeps, opener: CurrentUser, memberId: number, how: SafetyOpening['how'], openedAt: number): void {
  deps.database.db
    .insert(safetyOpenings)
    .values({ memberId, openedBy: opener.id, openedByName: opener.row.name, openedAt, how, recordedAt: deps.clock() })
    .run();
}

/** The openings of `memberId`'s card, newest first. */
export function openingsOf(deps: AppDeps, memberId: number): SafetyOpening[] {
  return deps.database.db
    .select()
    .from(safetyOpenings)
    .where(eq(safetyOpenings.memberId, memberId))
    .orderBy(desc(safetyOpenings.openedAt), desc(safetyOpenings.id))
    .all()
    .map((o) => ({ opened_by: o.openedByName, opened_at: o.openedAt, how: o.how as SafetyOpening['how'] }));
}
