// One workout or event as the caller sees it, counts and their own state included, in one query.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts, users, type PostRow } from '../../db/schema';
import type { EventPost, RsvpStatus, WorkoutPost, WorkoutType } from '../../domain/contract/forum';

export const DELETED_AUTHOR = 'Former member';

// Correlated subqueries keep the whole list to a single statement, whatever its length (DESIGN.md §6).
function workoutSelection(userId: number) {
  return {
    post: posts,
    authorName: users.name,
    authorPicture: users.profilePictureUrl,
    signupCount: sql<number>`(select count(*) from workout_signups s where s.post_id = ${posts.id})`,
    waitlistCount: sql<number>`(select count(*) from waitlist_entries w where w.post_id = ${posts.id})`,
    isSignedUp: sql<number>`exists(select 1 from workout_signups s where s.post_id = ${posts.id} and s.user_id = ${userId})`,
    // Position = entries that joined before me (ties broken by id), me included; 0 when not on it.
    waitlistPosition: sql<number>`(select count(*) from waitlist_entries w
      join waitlist_entries me on me.post_id = w.post_id and me.user_id = ${userId}
      where w.post_id = ${posts.id}
        and (w.joined_at < me.joined_at or (w.joined_at = me.joined_at and w.id <= me.id)))`,
    attendanceSubmitted: sql<number>`exists(select 1 from attendance_submissions a where a.post_id = ${posts.id})`,
  };
}

type WorkoutSelected = {
  post: PostRow;
  authorName: string | null;
  authorPicture: string | null;
  signupCount: number;
  waitlistCount: number;
  isSignedUp: number;
  waitlistPosition: number;
  attendanceSubmitted: number;
};

function toWorkoutPost(r: WorkoutSelected): WorkoutPost {
  const p = r.post;
  return {
    id: p.id,
    type: 'workout',
    user_id: p.userId,
    author_name: r.authorName ?? DELETED_AUTHOR,
    authorProfilePictureUrl: r.authorPicture,
    title: p.title,
    workout_type: (p.workoutType ?? 'other') as WorkoutType,
    workout_date: p.workoutDate ?? '',
    workout_time: p.workoutTime ?? '',
    content: p.content,
    capacity: p.capacity,
    series_id: p.seriesId,
    created_at: p.createdAt,
    signupCount: Number(r.signupCount),
    waitlistCount: Number(r.waitlistCount),
    isSignedUp: Boolean(r.isSignedUp),
    waitlistPosition: r.waitlistPosition > 0 ? Number(r.waitlistPosition) : null,
    attendanceSubmitted: Boolean(r.attendanceSubmitted),
  };
}

function eventSelection(userId: number) {
  const count = (status: RsvpStatus) =>
    sql<number>`(select count(*) from event_rsvps r where r.post_id = ${posts.id} and r.status = ${status})`;
  return {
    post: posts,
    authorName: users.name,
    authorPicture: users.profilePictureUrl,
    going: count('going'),
    maybe: count('maybe'),
    notGoing: count('not_going'),
    myRsvp: sql<
      string | null
    >`(select r.status from event_rsvps r where r.post_id = ${posts.id} and r.user_id = ${userId})`,
  };
}

type EventSelected = {
  post: PostRow;
  authorName: string | null;
  authorPicture: string | null;
  going: number;
  maybe: number;
  notGoing: number;
  myRsvp: string | null;
};

function toEventPost(r: EventSelected): EventPost {
  const p = r.post;
  return {
    id: p.id,
    type: 'event',
    user_id: p.userId,
    author_name: r.authorName ?? DELETED_AUTHOR,
    authorProfilePictureUrl: r.authorPicture,
    title: p.title,
    event_date: p.eventDate ?? '',
    event_time: p.eventTime ?? '',
    event_location: p.eventLocation ?? '',
    content: p.content,
    created_at: p.createdAt,
    rsvpCounts: { going: Number(r.going), maybe: Number(r.maybe), not_going: Number(r.notGoing) },
    myRsvp: (r.myRsvp as RsvpStatus | null) ?? null,
  };
}

/** One workout with the caller's computed fields, or undefined. */
export function loadWorkoutPost(db: Db, userId: number, id: number): WorkoutPost | undefined {
  const row = db
    .select(workoutSelection(userId))
    .from(posts)
    .leftJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.id, id), eq(posts.type, 'workout')))
    .get();
  return row ? toWorkoutPost(row) : undefined;
}

export function loadEventPost(db: Db, userId: number, id: number): EventPost | undefined {
  const row = db
    .select(eventSelection(userId))
    .from(posts)
    .leftJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.id, id), eq(posts.type, 'event')))
    .get();
  return row ? toEventPost(row) : undefined;
}
