// A race as stored, as every part of it reads it: its row found (or the 404), its distances and legs
// from their JSON, who may take part in a race weekend, and the reads of a race's rows prepared once
// per connection for every race (the list) or one (its page, the answer to a write).
import { eq, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteSelect } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import { races, type RaceRow } from '../../db/schema';
import { preparedQuery } from '../../db/queries/statements';
import { RACE_DISTANCE_UNKNOWN_ERROR, RACE_MEMBERS_ONLY_ERROR, RACE_NOT_FOUND_ERROR } from '../../domain/contract/training/races';
import { hasRole, type Role } from '../../domain/contract/roles';
import { ServiceError } from '../platform/errors';

export type Member = { id: number; role: Role };

/** Which races a read covers: every race (the races list) or one, by id. */
export type RaceScope = 'all' | number;

export function requireMember(user: Member): void {
  if (!hasRole(user.role, 'member')) throw new ServiceError(403, RACE_MEMBERS_ONLY_ERROR);
}

const raceById = (db: Db) => db.select().from(races).where(eq(races.id, sql.placeholder('raceId'))).prepare();

/** The race's row; 404 when there is none. */
export function raceRow(db: Db, raceId: number): RaceRow {
  const row = preparedQuery(db, raceById).get({ raceId });
  if (!row) throw new ServiceError(404, RACE_NOT_FOUND_ERROR);
  return row;
}

/** A JSON list of names as stored ([] when it is not one). */
function namesOf(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
}

/** The race's distances as stored. */
export function distancesOf(row: Pick<RaceRow, 'distances'>): string[] {
  return namesOf(row.distances);
}

/** The race's legs as stored. */
export function legsOf(row: Pick<RaceRow, 'legs'>): string[] {
  return namesOf(row.legs);
}

/** The distance as the race spells it; refused, on its field, when the race does not list it. */
export function raceDistance(row: RaceRow, distance: string): string {
  const known = distancesOf(row).find((d) => d.toLowerCase() === distance.trim().toLowerCase());
  if (known === undefined) throw new ServiceError(400, RACE_DISTANCE_UNKNOWN_ERROR, { field: 'distance' });
  return known;
}

/**
 * A read of one kind of a race's rows (`select`, in the order `order`) in its two forms, each built and
 * prepared once per connection: every race's rows, or one race's (its `raceId` column a placeholder).
 */
export function scopedRead<Q extends SQLiteSelect<string, 'sync'>>(raceId: SQLiteColumn, select: (db: Db) => Q, ...order: SQL[]) {
  const every = (db: Db) => select(db).orderBy(...order).prepare();
  const one = (db: Db) => select(db).where(eq(raceId, sql.placeholder('raceId'))).orderBy(...order).prepare();
  return (db: Db, scope: RaceScope): Q['_']['result'] =>
    scope === 'all' ? preparedQuery(db, every).all() : preparedQuery(db, one).all({ raceId: scope });
}
