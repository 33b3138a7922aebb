// What the club charges, from its own settings and never from a client: Join us's membership
// packages (their fees in minor units) with the tax of Join us, in the currency of the payments
// document; for a member with a price of their own (member-prices.ts), every package at that price.
import type { OwedPackage } from '../../domain/contract/members/payments';
import { taxWords } from '../../domain/documents/club-fees';
import { chargeFor, feeCents, taxRateOf, type Charge, type Currency } from '../../domain/payments/money';
import { documentBody } from '../club/documents';
import { memberPriceOf } from './member-prices';
import type { AppDeps } from '../platform/context';

export interface Price extends Charge {
  item: string;
  currency: Currency;
  /** The tax as charged: its name ('' when no tax is charged) and whether the price included it. */
  taxName: string;
  taxIncluded: boolean;
  /** The tax's rate in percent, 0 for none. */
  taxRate: number;
  /** Why the member pays their own price, null at the club's. */
  priceReason: string | null;
}

/** Every membership package with what it costs today: for `userId`, at the member's own price when they have one. */
export function membershipPrices(deps: AppDeps, userId?: number): Price[] {
  const join = documentBody(deps, 'join-page');
  const { currency } = documentBody(deps, 'payments');
  const taxRate = taxRateOf(join.tax);
  const taxName = taxRate > 0 ? join.tax.name.trim() : '';
  const own = userId === undefined ? undefined : memberPriceOf(deps, userId);
  const ownCents = own?.priceCents ?? null;
  return join.fees.map((row) => ({
    item: row.name,
    currency,
    taxName,
    taxIncluded: join.tax.included,
    taxRate,
    priceReason: ownCents === null ? null : own!.reason,
    ...chargeFor(ownCents ?? feeCents(row.fee, currency), join.tax),
  }));
}

/** The package of that name (as Join us writes it, any case), or undefined; for `userId`, at their own price. */
export function membershipPrice(deps: AppDeps, item: string, userId?: number): Price | undefined {
  const wanted = item.trim().toLowerCase();
  return membershipPrices(deps, userId).find((p) => p.item.trim().toLowerCase() === wanted);
}

export function owedPackages(deps: AppDeps, userId?: number): OwedPackage[] {
  return membershipPrices(deps, userId).map(({ item, subtotalCents, taxCents, totalCents }) => ({ item, subtotalCents, taxCents, totalCents }));
}

/** The words after a fee for the club's tax ('+ HST'), from Join us. */
export function clubTaxWords(deps: AppDeps): string {
  return taxWords(documentBody(deps, 'join-page').tax);
}
