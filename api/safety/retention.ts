// How long a card is kept, and the daily pass that also reminds members before a term: until the member removes it or their account, and at most the club's
// `keepDaysAfterMembership` after the membership ends (a pass once a club day, with the reminders).
// The openings of a card that goes go with it, a count of them kept with nobody in it.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { safetyCards, safetyOpenings, safetyOpeningsRemoved, users } from '../../db/schema';
import { clubToday } from '../../domain/clock';
import { FORMER_MEMBER } from '../../domain/contract/members/privacy';
import { cardExpired } from '../../domain/people/safety';
import type { AppDeps } from '../platform/context';
import { clubTimeZone } from '../platform/club-time-zone';
import { clubSafety } from '../club/settings';
import { sendSafetyReminders } from './safety-reminders';

/** Removes the openings of `memberIds`' cards, keeping how many there were. */
function forgetOpenings(deps: AppDeps, memberIds: number[]): void {
  if (memberIds.length === 0) return;
  const { db } = deps.database;
  const n = db.select({ n: sql<number>`count(*)` }).from(safetyOpenings).where(inArray(safetyOpenings.memberId, memberIds)).get()!.n;
  if (n > 0) db.insert(safetyOpeningsRemoved).values({ removedAt: deps.clock(), openings: n }).run();
  db.delete(safetyOpenings).where(inArray(safetyOpenings.memberId, memberIds)).run();
}

/** Account deletion: the member's card and who opened it go (a count stays); what they opened stays, under Former member. */
export function forgetSafetyOf(deps: AppDeps, userId: number): void {
  const { db } = deps.database;
  db.delete(safetyCards).where(eq(safetyCards.userId, userId)).run();
  forgetOpenings(deps, [userId]);
  db.update(safetyOpenings).set({ openedBy: null, openedByName: FORMER_MEMBER }).where(eq(safetyOpenings.openedBy, userId)).run();
}

/** The cards whose membership ended more than the club's days ago go, with their openings. Answers how many went. */
export function removeEndedCards(deps: AppDeps): number {
  const today = clubToday(deps.clock(), clubTimeZone(deps));
  const { keepDaysAfterMembership } = clubSafety(deps);
  return deps.database.tx(() => {
    const { db } = deps.database;
    const ended = db
      .select({ id: users.id, expiryDate: users.expiryDate })
      .from(safetyCards)
      .innerJoin(users, eq(users.id, safetyCards.userId))
      .where(and(isNotNull(users.expiryDate)))
      .all()
      .filter((u) => cardExpired(u.expiryDate, today, keepDaysAfterMembership))
      .map((u) => u.id);
    if (ended.length === 0) return 0;
    db.delete(safetyCards).where(inArray(safetyCards.userId, ended)).run();
    forgetOpenings(deps, ended);
    return ended.length;
  });
}

// The pass runs once per club day and database: the reminder clock calls it every minute.
const lastDay = new WeakMap<AppDeps['database'], string>();

/** The daily pass, for the reminder clock: ended memberships' cards removed, members reminded before a term. */
export function dailySafetyPass(deps: AppDeps): { removed: number; reminded: number } {
  const today = clubToday(deps.clock(), clubTimeZone(deps));
  if (lastDay.get(deps.database) === today) return { removed: 0, reminded: 0 };
  lastDay.set(deps.database, today);
  return { removed: removeEndedCards(deps), reminded: sendSafetyReminders(deps) };
}
