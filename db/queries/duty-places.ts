import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { duties } from '../schema';

/**
 * Removes the duties of a workout, event or race being deleted (their holders go with them, by
 * cascade). A duty names its place by kind and id rather than by a foreign key, so nothing else
 * takes them when the place goes.
 */
export function removeDutiesOf(db: Db, place: 'workout' | 'event' | 'race', placeId: number): void {
  db.delete(duties).where(and(eq(duties.place, place), eq(duties.placeId, placeId))).run();
}
