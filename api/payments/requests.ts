// One-off payment requests (kit, a training camp): made by whoever handles the money, to every active
// member or to the ones chosen, with a due date; each member asked pays it once, online or by hand,
// as a payment of kind 'request' (its amount as asked, no tax added on top). A request made to every
// member asks too whoever becomes one before it is due (approved, imported or back after renewing):
// each read of who owes first adds them, so no path that makes a member has to remember requests.
import { and, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { paymentRequestMembers, paymentRequests, payments, users, type PaymentRequestRow } from '../../db/schema';
import { clubToday } from '../../domain/clock';
import {
  PAYMENT_MEMBER_NOT_FOUND,
  PAYMENT_REQUEST_NOT_FOUND,
  REQUEST_PAID_ERROR,
  type OwedRequest,
  type PaymentRequest,
  type PaymentRequestInput,
} from '../../domain/contract/members/payments';
import { documentBody } from '../club/documents';
import type { AppDeps, CurrentUser } from '../platform/context';
import { clubTimeZone } from '../platform/club-time-zone';
import { ServiceError } from '../platform/errors';
import { activeMemberWhere } from '../platform/users';
import type { Price } from './prices';

const owed = (row: PaymentRequestRow): OwedRequest => ({ id: row.id, title: row.title, amountCents: row.amountCents, dueDate: row.dueDate });

/** The ids of the members who have paid each request. */
function paidBy(deps: AppDeps, requestIds: readonly number[]): Map<number, Set<number>> {
  const byRequest = new Map<number, Set<number>>();
  if (requestIds.length === 0) return byRequest;
  const rows = deps.database.db
    .select({ requestId: payments.requestId, userId: payments.userId })
    .from(payments)
    .where(and(inArray(payments.requestId, [...requestIds]), eq(payments.status, 'paid')))
    .all();
  for (const { requestId, userId } of rows) {
    if (requestId === null || userId === null) continue;
    byRequest.set(requestId, (byRequest.get(requestId) ?? new Set()).add(userId));
  }
  return byRequest;
}

/**
 * Asks the members who joined since each open request to every member was made (none twice): every
 * member, or only those of `userIds` (one member's own read asks that member alone, not the club).
 */
export function askNewcomers(deps: AppDeps, userIds?: readonly number[]): void {
  const { db } = deps.database;
  const today = clubToday(deps.clock(), clubTimeZone(deps));
  const open = db
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.toAll, true), gte(paymentRequests.dueDate, today)))
    .all();
  if (open.length === 0) return;
  if (userIds?.length === 0) return;
  const members = db
    .select({ id: users.id })
    .from(users)
    .where(and(activeMemberWhere(today), userIds ? inArray(users.id, [...userIds]) : undefined))
    .all();
  if (members.length === 0) return;
  db.insert(paymentRequestMembers)
    .values(open.flatMap((r) => members.map((m) => ({ requestId: r.id, userId: m.id }))))
    .onConflictDoNothing()
    .run();
}

/** Every request, newest first, with who was asked and who still owes it. */
export function requestList(deps: AppDeps): PaymentRequest[] {
  askNewcomers(deps);
  const { db } = deps.database;
  const rows = db.select().from(paymentRequests).orderBy(desc(paymentRequests.createdAt), desc(paymentRequests.id)).all();
  const paid = paidBy(
    deps,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const asked = db
      .select({ id: users.id, name: users.name })
      .from(paymentRequestMembers)
      .innerJoin(users, eq(users.id, paymentRequestMembers.userId))
      .where(eq(paymentRequestMembers.requestId, row.id))
      .orderBy(sql`lower(${users.name})`)
      .all();
    const done = paid.get(row.id) ?? new Set();
    return { ...owed(row), createdBy: row.createdByName, createdAt: row.createdAt, asked: asked.length, paid: done.size, owing: asked.filter((m) => !done.has(m.id)) };
  });
}

/** The requests made to the member and not yet paid, soonest due first. */
export function requestsOwedBy(deps: AppDeps, userId: number): OwedRequest[] {
  askNewcomers(deps, [userId]);
  return requestsOwedByAsked(deps, userId);
}

/** requestsOwedBy for a caller that has asked the newcomers already (once for a whole list of members). */
export function requestsOwedByAsked(deps: AppDeps, userId: number): OwedRequest[] {
  const rows = deps.database.db
    .select({ r: paymentRequests })
    .from(paymentRequestMembers)
    .innerJoin(paymentRequests, eq(paymentRequests.id, paymentRequestMembers.requestId))
    .where(eq(paymentRequestMembers.userId, userId))
    .orderBy(paymentRequests.dueDate, paymentRequests.id)
    .all()
    .map(({ r }) => r);
  const paid = paidBy(
    deps,
    rows.map((r) => r.id),
  );
  return rows.filter((r) => !paid.get(r.id)?.has(userId)).map(owed);
}

/** What the member pays for a request made to them, as a price; refused when it is not theirs or is paid. */
export function requestPrice(deps: AppDeps, userId: number, requestId: number): Price & { requestId: number } {
  askNewcomers(deps, [userId]);
  const { db } = deps.database;
  const row = db
    .select({ r: paymentRequests })
    .from(paymentRequestMembers)
    .innerJoin(paymentRequests, eq(paymentRequests.id, paymentRequestMembers.requestId))
    .where(and(eq(paymentRequestMembers.requestId, requestId), eq(paymentRequestMembers.userId, userId)))
    .get()?.r;
  if (!row) throw new ServiceError(404, PAYMENT_REQUEST_NOT_FOUND, { field: 'request' });
  if (paidBy(deps, [row.id]).get(row.id)?.has(userId)) throw new ServiceError(409, REQUEST_PAID_ERROR);
  return {
    requestId: row.id,
    item: row.title,
    currency: row.currency,
    subtotalCents: row.amountCents,
    taxCents: 0,
    totalCents: row.amountCents,
    taxName: '',
    taxIncluded: false,
    taxRate: 0,
    priceReason: null,
  };
}

/** Makes a request to the members chosen, or to every active member; refuses a member who is not one of the club's. */
export function createRequest(deps: AppDeps, actor: CurrentUser, input: PaymentRequestInput): PaymentRequest {
  const { db } = deps.database;
  const today = clubToday(deps.clock(), clubTimeZone(deps));
  const asked = input.userIds
    ? db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, [...new Set(input.userIds)]), ne(users.role, 'rejected')))
        .all()
    : db.select({ id: users.id }).from(users).where(activeMemberWhere(today)).all();
  if (input.userIds && asked.length !== new Set(input.userIds).size) throw new ServiceError(404, PAYMENT_MEMBER_NOT_FOUND, { field: 'userIds' });
  const row = db
    .insert(paymentRequests)
    .values({
      title: input.title,
      amountCents: input.amountCents,
      currency: documentBody(deps, 'payments').currency,
      dueDate: input.dueDate,
      toAll: !input.userIds,
      createdBy: actor.id,
      createdByName: actor.row.name,
      createdAt: deps.clock(),
    })
    .returning()
    .get();
  if (asked.length > 0) db.insert(paymentRequestMembers).values(asked.map((m) => ({ requestId: row.id, userId: m.id }))).run();
  return requestList(deps).find((r) => r.id === row.id)!;
}
