// Another member's card, as only an exec or an administrator (while their role lasts: the role is
// read from the database on every request) receives it: opened online, told of after an opening with
// no signal, marked on a roster, and carried in the offline set for the sessions of the coming days.
import { and, asc, between, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { eventRsvps, posts, races, raceSignups, safetyCards, users, waitlistEntries, workoutSignups } from '../../db/schema';
import { addDays, clubToday } from '../../domain/clock';
import { SAFETY_CARD_NOT_FOUND, type SafetyCard, type SafetyMark, type SafetyPlace } from '../../domain/contract/members/safety';
import { SAFETY_OFFLINE_DAYS, SAFETY_OFFLINE_MS, holdsOthersCards, maySeeCard } from '../../domain/people/safety';
import type { AppDeps, CurrentUser } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { clubTimeZone } from '../platform/club-time-zone';
import { cardRowOf, signedThisTerm, toCard } from './cards';
import { recordOpening } from './openings';

/** GET /safety/cards/:userId: the card, its opening recorded as made online. */
export function openCard(deps: AppDeps, viewer: CurrentUser, memberId: number): SafetyCard {
  const row = cardRowOf(deps, memberId);
  if (!row || !maySeeCard(viewer, memberId, row.consentMark !== null)) throw new ServiceError(404, SAFETY_CARD_NOT_FOUND);
  const name = deps.database.db.select({ name: users.name }).from(users).where(eq(users.id, memberId)).get()?.name ?? '';
  if (memberId !== viewer.id) recordOpening(deps, viewer, memberId, 'online', deps.clock());
  return toCard(row, name, signedThisTerm(deps, [memberId]).has(memberId));
}

/**
 * POST /safety/openings: an opening made with no signal, recorded once (the route's respondOnce). Its
 * time is the phone's, held between the last SAFETY_OFFLINE_DAYS (the longest a phone keeps a card)
 * and now.
 */
export function replayOpening(deps: AppDeps, viewer: CurrentUser, memberId: number, openedAt: number): void {
  const now = deps.clock();
  if (memberId === viewer.id || !cardRowOf(deps, memberId)) return;
  recordOpening(deps, viewer, memberId, 'offline', Math.min(now, Math.max(now - SAFETY_OFFLINE_MS, openedAt)));
}

/** Who is on a workout (signed up or waiting), an event (going or maybe) or a race (entered). */
export function peopleOn(deps: AppDeps, place: SafetyPlace, id: number): number[] {
  const { db } = deps.database;
  if (place === 'race') return db.select({ id: raceSignups.userId }).from(raceSignups).where(eq(raceSignups.raceId, id)).all().map((r) => r.id);
  if (place === 'event') {
    return db
      .select({ id: eventRsvps.userId })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.postId, id), ne(eventRsvps.status, 'not_going')))
      .all()
      .map((r) => r.id);
  }
  const signed = db.select({ id: workoutSignups.userId }).from(workoutSignups).where(eq(workoutSignups.postId, id)).all();
  const waiting = db.select({ id: waitlistEntries.userId }).from(waitlistEntries).where(eq(waitlistEntries.postId, id)).all();
  return [...new Set([...signed, ...waiting].map((r) => r.id))];
}

/** A safety mark per person of `ids`: a card on file, a health flag or note, this term's waiver. */
export function marksOf(deps: AppDeps, ids: readonly number[]): SafetyMark[] {
  if (ids.length === 0) return [];
  const cards = new Map(
    deps.database.db
      .select()
      .from(safetyCards)
      .where(inArray(safetyCards.userId, [...ids]))
      .all()
      .map((c) => [c.userId, c]),
  );
  const signed = signedThisTerm(deps, ids);
  return ids.map((userId) => {
    const card = cards.get(userId);
    return {
      userId,
      contact: card !== undefined && card.consentMark !== null,
      health: card !== undefined && card.consentMark !== null && (card.flags !== '[]' || card.notes !== ''),
      waiver: signed.has(userId),
    };
  });
}

/**
 * The cards an exec's phone keeps for the coming SAFETY_OFFLINE_DAYS: of everyone on a workout (not
 * cancelled) or event the exec may take attendance of, or entered in a race, in those days. Nothing
 * for anyone else.
 */
export function offlineSafety(deps: AppDeps, viewer: CurrentUser): { cards: SafetyCard[]; marks: SafetyMark[] } {
  if (!holdsOthersCards(viewer.role)) return { cards: [], marks: [] };
  const { db } = deps.database;
  const today = clubToday(deps.clock(), clubTimeZone(deps));
  const last = addDays(today, SAFETY_OFFLINE_DAYS);
  const coming = db
    .select({ id: posts.id, type: posts.type })
    .from(posts)
    .where(
      and(
        isNull(posts.cancelledAt),
        or(and(eq(posts.type, 'workout'), between(posts.workoutDate, today, last)), and(eq(posts.type, 'event'), between(posts.eventDate, today, last))),
      ),
    )
    .orderBy(asc(posts.id))
    .all();
  const people = new Set<number>();
  for (const post of coming) for (const id of peopleOn(deps, post.type === 'event' ? 'event' : 'workout', post.id)) people.add(id);
  for (const race of db.select({ id: races.id }).from(races).where(between(races.date, today, last)).all()) {
    for (const id of peopleOn(deps, 'race', race.id)) people.add(id);
  }
  people.delete(viewer.id);
  const ids = [...people].sort((a, b) => a - b);
  const marks = marksOf(deps, ids);
  if (ids.length === 0) return { cards: [], marks };
  const signed = signedThisTerm(deps, ids);
  const cards = db
    .select({ card: safetyCards, name: users.name })
    .from(safetyCards)
    .innerJoin(users, eq(users.id, safetyCards.userId))
    .where(inArray(safetyCards.userId, ids))
    .all()
    .filter(({ card }) => maySeeCard(viewer, card.userId, card.consentMark !== null))
    .map(({ card, name }) => toCard(card, name, signed.has(card.userId)));
  return { cards, marks };
}
