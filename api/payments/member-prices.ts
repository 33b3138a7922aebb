// A member's own membership price, or an exemption, with its reason: set and cleared by whoever
// handles the money, read by the server's prices (prices.ts) and listed in the ledger.
import { asc, eq, sql } from 'drizzle-orm';
import { memberPrices, users, type MemberPriceRow } from '../../db/schema';
import { PAYMENT_MEMBER_NOT_FOUND, type MemberPrice, type MemberPriceInput } from '../../domain/contract/members/payments';
import type { AppDeps, CurrentUser } from '../platform/context';
import { ServiceError } from '../platform/errors';

function toMemberPrice(row: MemberPriceRow, memberName: string): MemberPrice {
  return { userId: row.userId, memberName, exempt: row.priceCents === null, priceCents: row.priceCents, reason: row.reason, byName: row.setByName, setAt: row.setAt };
}

/** The member's own price or exemption, or undefined: the club's prices. */
export function memberPriceOf(deps: AppDeps, userId: number): MemberPriceRow | undefined {
  return deps.database.db.select().from(memberPrices).where(eq(memberPrices.userId, userId)).get();
}

/** Every member with a price of their own or an exemption, by name. */
export function memberPriceList(deps: AppDeps): MemberPrice[] {
  return deps.database.db
    .select({ row: memberPrices, name: users.name })
    .from(memberPrices)
    .innerJoin(users, eq(users.id, memberPrices.userId))
    .orderBy(sql`lower(${users.name})`, asc(users.id))
    .all()
    .map(({ row, name }) => toMemberPrice(row, name));
}

function memberNamed(deps: AppDeps, userId: number): string {
  const member = deps.database.db.select({ name: users.name }).from(users).where(eq(users.id, userId)).get();
  if (!member) throw new ServiceError(404, PAYMENT_MEMBER_NOT_FOUND);
  return member.name;
}

/** Sets the member's own price (before tax) or exempts them, replacing what was set. */
export function setMemberPrice(deps: AppDeps, actor: CurrentUser, userId: number, input: MemberPriceInput): MemberPrice {
  const name = memberNamed(deps, userId);
  const values = { priceCents: input.exempt ? null : input.priceCents!, reason: input.reason, setBy: actor.id, setByName: actor.row.name, setAt: deps.clock() };
  const row = deps.database.db
    .insert(memberPrices)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: memberPrices.userId, set: values })
    .returning()
    .get();
  return toMemberPrice(row, name);
}

/** The member pays the club's prices again. */
export function clearMemberPrice(deps: AppDeps, userId: number): void {
  memberNamed(deps, userId);
  deps.database.db.delete(memberPrices).where(eq(memberPrices.userId, userId)).run();
}
