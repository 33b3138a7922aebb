// Race entry fees and event fees: who owes one (entered in a race with a fee, or answered Going to an
// event with one, and not paid), and what they pay, as a price from the race's or event's own row,
// never from a client. Each is paid once, as a payment of kind 'race' or 'event' linked by its id,
// through checkout.ts and record.ts like every other payment. As entered, no tax added on top.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { eventRsvps, posts, raceSignups, races } from '../../../db/schema';
import {
  FEE_EVENT_NOT_FOUND,
  FEE_EVENT_NOT_GOING_ERROR,
  FEE_EVENT_PAID_ERROR,
  FEE_NONE_ERROR,
  FEE_RACE_NOT_ENTERED_ERROR,
  FEE_RACE_NOT_FOUND,
  FEE_RACE_PAID_ERROR,
  type FeeItem,
  type OwedFee,
} from '../../../domain/contract/members/payments';
import { entryHoldEnds } from '../../../domain/payments/payments';
import type { Currency } from '../../../domain/payments/money';
import { documentBody } from '../../club/documents';
import type { AppDeps } from '../../platform/context';
import { ServiceError } from '../../platform/errors';
import type { Price } from '../prices';
import { letGoUnpaidEntries, paidFor, unpaidEntries } from './holds';

function currencyOf(deps: AppDeps, stored: string): Currency {
  return stored === '' ? documentBody(deps, 'payments').currency : stored;
}

/** The race entry fees and event fees the member owes, soonest first (a stale hold let go first). */
export function feesOwedBy(deps: AppDeps, userId: number): OwedFee[] {
  letGoUnpaidEntries(deps);
  const { db } = deps.database;
  const settings = documentBody(deps, 'payments');
  const entries = unpaidEntries(db, { userId });
  const raceRows = entries.length === 0 ? [] : db.select().from(races).where(inArray(races.id, entries.map((e) => e.raceId))).all();
  const fromRaces: OwedFee[] = entries.map((e) => {
    const race = raceRows.find((r) => r.id === e.raceId)!;
    return { kind: 'race', id: race.id, name: race.name, date: race.date, amountCents: race.feeCents, currency: currencyOf(deps, race.feeCurrency), heldUntil: entryHoldEnds(e.enteredAt, settings) };
  });
  const fromEvents: OwedFee[] = db
    .select({ id: posts.id, name: posts.title, date: posts.eventDate, amountCents: posts.feeCents, currency: posts.feeCurrency })
    .from(eventRsvps)
    .innerJoin(posts, eq(posts.id, eventRsvps.postId))
    .where(
      and(
        eq(eventRsvps.userId, userId),
        eq(eventRsvps.status, 'going'),
        eq(posts.type, 'event'),
        isNull(posts.cancelledAt),
        sql`${posts.feeCents} > 0`,
        sql`not ${paidFor('event', sql`${posts.id}`, sql`${eventRsvps.userId}`)}`,
      ),
    )
    .all()
    .map((e) => ({ kind: 'event', id: e.id, name: e.name, date: e.date ?? '', amountCents: e.amountCents, currency: currencyOf(deps, e.currency), heldUntil: null }));
  return [...fromRaces, ...fromEvents].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
}

function feePrice(item: string, amountCents: number, currency: Currency): Price {
  return { item, currency, subtotalCents: amountCents, taxCents: 0, totalCents: amountCents, taxName: '', taxIncluded: false, taxRate: 0, priceReason: null };
}

function isPaid(db: Db, kind: 'race' | 'event', itemId: number, userId: number): boolean {
  return db.get<{ paid: number }>(sql`select ${paidFor(kind, sql`${itemId}`, sql`${userId}`)} as paid`)!.paid === 1;
}

/** What the member pays for their entry in the race; refused when the race is free, not entered or paid. */
export function raceFeePrice(deps: AppDeps, userId: number, raceId: number): Price {
  letGoUnpaidEntries(deps);
  const { db } = deps.database;
  const race = db.select().from(races).where(eq(races.id, raceId)).get();
  if (!race) throw new ServiceError(404, FEE_RACE_NOT_FOUND, { field: 'race' });
  if (isPaid(db, 'race', raceId, userId)) throw new ServiceError(409, FEE_RACE_PAID_ERROR);
  if (race.feeCents <= 0) throw new ServiceError(409, FEE_NONE_ERROR);
  const entered = db.select({ id: raceSignups.id }).from(raceSignups).where(and(eq(raceSignups.raceId, raceId), eq(raceSignups.userId, userId))).get();
  if (!entered) throw new ServiceError(409, FEE_RACE_NOT_ENTERED_ERROR);
  return feePrice(race.name, race.feeCents, currencyOf(deps, race.feeCurrency));
}

/** What the member pays for the event they answered Going to; refused when it is free, not theirs or paid. */
export function eventFeePrice(deps: AppDeps, userId: number, postId: number): Price {
  const { db } = deps.database;
  const event = db.select().from(posts).where(and(eq(posts.id, postId), eq(posts.type, 'event'))).get();
  if (!event) throw new ServiceError(404, FEE_EVENT_NOT_FOUND, { field: 'event' });
  if (isPaid(db, 'event', postId, userId)) throw new ServiceError(409, FEE_EVENT_PAID_ERROR);
  if (event.feeCents <= 0) throw new ServiceError(409, FEE_NONE_ERROR);
  const going = db.select({ id: eventRsvps.id }).from(eventRsvps).where(and(eq(eventRsvps.postId, postId), eq(eventRsvps.userId, userId), eq(eventRsvps.status, 'going'))).get();
  if (!going) throw new ServiceError(409, FEE_EVENT_NOT_GOING_ERROR);
  return feePrice(event.title, event.feeCents, currencyOf(deps, event.feeCurrency));
}

/** Whether the member still owes the fee (the checkout's check before it takes money). */
export function feeStillOwed(deps: AppDeps, kind: 'race' | 'event', itemId: number, userId: number): boolean {
  return !isPaid(deps.database.db, kind, itemId, userId);
}

/** How many races and events with a fee the ledger offers to record money for: the latest. */
const FEE_ITEMS_SHOWN = 40;

/** The races and events with a fee (an event not cancelled), latest first. */
export function feeItems(deps: AppDeps): FeeItem[] {
  const { db } = deps.database;
  const fromRaces = db
    .select({ id: races.id, name: races.name, date: races.date, amountCents: races.feeCents })
    .from(races)
    .where(sql`${races.feeCents} > 0`)
    .orderBy(desc(races.date), desc(races.id))
    .limit(FEE_ITEMS_SHOWN)
    .all()
    .map((r): FeeItem => ({ kind: 'race', ...r }));
  const fromEvents = db
    .select({ id: posts.id, name: posts.title, date: posts.eventDate, amountCents: posts.feeCents })
    .from(posts)
    .where(and(eq(posts.type, 'event'), isNull(posts.cancelledAt), sql`${posts.feeCents} > 0`))
    .orderBy(desc(posts.eventDate), desc(posts.id))
    .limit(FEE_ITEMS_SHOWN)
    .all()
    .map((e): FeeItem => ({ kind: 'event', ...e, date: e.date ?? '' }));
  return [...fromRaces, ...fromEvents].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id).slice(0, FEE_ITEMS_SHOWN);
}
