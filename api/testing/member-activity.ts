// Rows a member leaves behind in the forum and races, for tests about deleting or changing members.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventRsvps, posts, raceSignups, races, waitlistEntries, workoutSignups } from '../../db/schema';

let seq = 0;

export function addWorkout(
  db: Db,
  authorId: number | null,
  capacity: number | null = null,
  date = '2026-03-20',
) {
  seq += 1;
  return db
    .insert(posts)
    .values({
      userId: authorId,
      type: 'workout',
      title: `Workout ${seq}`,
      content: 'Intervals',
      workoutType: 'run',
      workoutDate: date,
      workoutTime: '18:15',
      capacity,
    })
    .returning()
    .get();
}

export function addEvent(db: Db, authorId: number | null) {
  seq += 1;
  return db
    .insert(posts)
    .values({
      userId: authorId,
      type: 'event',
      title: `Event ${seq}`,
      content: 'Social',
      eventDate: '2026-03-25',
    })
    .returning()
    .get();
}

export function addRace(db: Db) {
  seq += 1;
  return db
    .insert(races)
    .values({ name: `Race ${seq}`, date: '2026-06-01' })
    .returning()
    .get();
}

/**
 * `userId` holds a place on a full workout (capacity 1) that `waitlistedId` waits for, RSVPs to an
 * event and is signed up for a race.
 */
export function memberActivity(db: Db, userId: number, waitlistedId: number, authorId: number) {
  const full = addWorkout(db, authorId, 1);
  db.insert(workoutSignups).values({ postId: full.id, userId, signupTime: 1 }).run();
  db.insert(waitlistEntries).values({ postId: full.id, userId: waitlistedId, joinedAt: 2 }).run();
  const other = addWorkout(db, authorId, 5);
  db.insert(waitlistEntries).values({ postId: other.id, userId, joinedAt: 3 }).run();
  const event = addEvent(db, authorId);
  db.insert(eventRsvps).values({ postId: event.id, userId, status: 'going' }).run();
  const race = addRace(db);
  db.insert(raceSignups).values({ raceId: race.id, userId }).run();
  return { full, other, event, race };
}

/** How many rows of each kind still point at the user. */
export function activityCounts(db: Db, userId: number) {
  return {
    signups: db.select().from(workoutSignups).where(eq(workoutSignups.userId, userId)).all().length,
    waitlist: db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, userId)).all().length,
    rsvps: db.select().from(eventRsvps).where(eq(eventRsvps.userId, userId)).all().length,
    raceSignups: db.select().from(raceSignups).where(eq(raceSignups.userId, userId)).all().length,
  };
}
