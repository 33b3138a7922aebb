import { and, asc, eq, sql } from 'drizzle-orm';
import { clubToday } from '../../domain/clock';
import { eventRsvps, posts, users } from '../../db/schema';
import {
  EVENT_NOT_FOUND,
  FUTURE_EVENT_ERROR,
  isFutureDate,
  type EventDetailAnswer,
  type EventPost,
  type EventRsvp,
  type RsvpAnswer,
  type RsvpStatus,
} from '../../domain/contract/training/forum';
import { type NewEvent } from '../../domain/contract/training/forum-schemas';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { assertCanManagePost, assertNotCancelled, requireEvent, type Actor } from './posts/access';
import { refuseMoveIntoPast, tellIfMoved } from './posts/change-notices';
import { loadEventPost } from './posts/reads';
import { storedDuration } from '../../domain/durations';
import { clubTimeZone } from '../platform/club-time-zone';
import { rsvpJoinsList } from '../../domain/people/safety';
import { refuseUnsignedSignup } from '../safety/cards';
import { documentBody } from '../club/documents';
import { feeColumns } from '../../domain/payments/payments';

type EventInput = Pick<NewEvent, 'title' | 'eventDate' | 'content'> &
  Partial<Pick<NewEvent, 'eventTime' | 'eventEndTime' | 'eventLocation' | 'feeCents'>>;

function loadEventOr404(deps: AppDeps, userId: number, id: number): EventPost {
  const event = loadEventPost(deps.database, userId, id);
  if (!event) throw new ServiceError(404, EVENT_NOT_FOUND);
  return event;
}

export function createEvent(deps: AppDeps, actor: Actor, input: EventInput): EventPost {
  return deps.database.tx(() => {
    if (!isFutureDate(input.eventDate, clubToday(deps.clock(), clubTimeZone(deps)))) {
      throw new ServiceError(400, FUTURE_EVENT_ERROR);
    }
    const now = deps.clock();
    const { id } = deps.database.db
      .insert(posts)
      .values({
        userId: actor.id,
        type: 'event',
        title: input.title,
        content: input.content,
        eventDate: input.eventDate,
        eventTime: input.eventTime ?? '',
        durationMinutes: storedDuration(input.eventTime ?? '', input.eventEndTime) ?? null,
        eventLocation: input.eventLocation ?? '',
        ...feeColumns(input.feeCents, documentBody(deps, 'payments').currency),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: posts.id })
      .get();
    return loadEventOr404(deps, actor.id, id);
  });
}

export function updateEvent(deps: AppDeps, actor: Actor, eventId: number, input: EventInput): EventPost {
  return deps.database.tx(() => {
    const post = requireEvent(deps.database.db, eventId);
    assertCanManagePost(actor, post);
    refuseMoveIntoPast(deps, post, { date: input.eventDate, time: input.eventTime ?? '', place: input.eventLocation ?? '' });
    const updated = deps.database.db
      .update(posts)
      .set({
        title: input.title,
        content: input.content,
        eventDate: input.eventDate,
        eventTime: input.eventTime ?? '',
        // Left out of the request (an older app): the length it had stays.
        ...(input.eventEndTime !== undefined && { durationMinutes: storedDuration(input.eventTime ?? '', input.eventEndTime) }),
        eventLocation: input.eventLocation ?? '',
        ...feeColumns(input.feeCents, documentBody(deps, 'payments').currency),
        revision: sql`${posts.revision} + 1`,
        updatedAt: deps.clock(),
      })
      .where(eq(posts.id, post.id))
      .returning()
      .get()!;
    tellIfMoved(deps, post, updated, actor.id);
    return loadEventOr404(deps, actor.id, post.id);
  });
}

export function eventDetail(deps: AppDeps, userId: number, id: number): EventDetailAnswer {
  const { db } = deps.database;
  return deps.database.read(() => {
    const event = loadEventOr404(deps, userId, id);
    const rsvps: EventRsvp[] = db
      .select({
        id: eventRsvps.id,
        user_id: eventRsvps.userId,
        user_name: users.name,
        status: eventRsvps.status,
        rsvp_time: eventRsvps.rsvpTime,
        userProfilePictureUrl: users.profilePictureUrl,
      })
      .from(eventRsvps)
      .innerJoin(users, eq(users.id, eventRsvps.userId))
      .where(eq(eventRsvps.postId, id))
      .orderBy(asc(eventRsvps.rsvpTime), asc(eventRsvps.id))
      .all()
      .map((r) => ({ ...r, status: r.status as RsvpStatus, signed_up_at: r.rsvp_time }));
    return { event, rsvps };
  });
}

/**
 * Sets the caller's RSVP: a status sets it, null removes it, the same status again
 * changes nothing (so a replayed or repeated tap never flips it).
 */
export function setRsvp(deps: AppDeps, actor: Actor, eventId: number, status: RsvpStatus | null): RsvpAnswer {
  return deps.database.tx(() => {
    const { db } = deps.database;
    const event = requireEvent(db, eventId);
    const mine = and(eq(eventRsvps.postId, event.id), eq(eventRsvps.userId, actor.id));
    const current = db.select().from(eventRsvps).where(mine).get();
    if (status === null) {
      if (current) db.delete(eventRsvps).where(mine).run();
      return { status: null };
    }
    if (current?.status === status) return { status };
    // Taking an answer back stays possible; a new one is refused while the event is off.
    assertNotCancelled(event);
    if (rsvpJoinsList(status) && !rsvpJoinsList(current?.status as RsvpStatus | undefined)) refuseUnsignedSignup(deps, actor.id);
    const rsvpTime = deps.clock();
    if (current) db.update(eventRsvps).set({ status, rsvpTime }).where(mine).run();
    else db.insert(eventRsvps).values({ postId: event.id, userId: actor.id, status, rsvpTime }).run();
    return { status };
  });
}
