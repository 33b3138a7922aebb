// A file database for a fault test, filled straight through Drizzle before the server starts, and
// session tokens signed with the secret the server is given (no login round trips).
import { randomBytes } from 'node:crypto';
import { addDays, clubToday } from '../../domain/clock';
import { openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { posts, races, users } from '../../db/schema';
import { hashPassword } from '../../db/passwords';
import { signSessionToken } from '../platform/tokens';

export interface FaultFixture {
  memberIds: number[];
  workoutIds: number[];
  raceIds: number[];
}

export function newJwtSecret(): string {
  return randomBytes(48).toString('base64url');
}

/**
 * Members (charter accepted, expiry far off), unlimited workouts well in the future (so no cancel
 * counts an absence) and races. `filler` adds that many extra races with long descriptions, to give
 * the file some size.
 */
export async function prepareDatabase(
  path: string,
  counts: { members: number; workouts: number; races: number; filler?: number },
): Promise<FaultFixture> {
  const database = openDatabase(path);
  try {
    runMigrations(database);
    const passwordHash = await hashPassword('fault-test-password', 10);
    const now = Date.now();
    const today = clubToday(now, 'America/Toronto');
    const { db } = database;
    return database.tx(() => {
      const memberIds: number[] = [];
      for (let i = 0; i < counts.members; i++) {
        const row = db
          .insert(users)
          .values({
            email: `fault${i}@club.test`,
            name: `Fault Member ${i}`,
            passwordHash,
            role: 'member',
            charterAcceptedAt: now,
            charterVersion: '2026-1',
            joinDate: today,
            expiryDate: '2099-12-31',
          })
          .returning({ id: users.id })
          .get();
        memberIds.push(row.id);
      }
      const author = memberIds[0] ?? null;
      const workoutIds: number[] = [];
      for (let i = 0; i < counts.workouts; i++) {
        const row = db
          .insert(posts)
          .values({
            userId: author,
            type: 'workout',
            title: `Fault workout ${i}`,
            content: 'Written while the server is being killed.',
            workoutType: 'run',
            workoutDate: addDays(today, 10 + i),
            workoutTime: '18:00',
            capacity: null,
          })
          .returning({ id: posts.id })
          .get();
        workoutIds.push(row.id);
      }
      const raceIds: number[] = [];
      for (let i = 0; i < counts.races; i++) {
        const row = db
          .insert(races)
          .values({ name: `Fault race ${i}`, date: addDays(today, 30 + i), location: 'Loopback', createdBy: author })
          .returning({ id: races.id })
          .get();
        raceIds.push(row.id);
      }
      const description = 'Filler text to give the database file some pages. '.repeat(20);
      for (let i = 0; i < (counts.filler ?? 0); i++) {
        db.insert(races)
          .values({ name: `Filler race ${i}`, date: addDays(today, 100 + (i % 200)), description, createdBy: author })
          .run();
      }
      return { memberIds, workoutIds, raceIds };
    });
  } finally {
    database.close();
  }
}

export function tokensFor(secret: string, ids: number[]): Promise<string[]> {
  const key = new TextEncoder().encode(secret);
  return Promise.all(ids.map((id) => signSessionToken(key, id, 0)));
}
