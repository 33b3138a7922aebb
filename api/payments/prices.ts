// What the club charges, from its own settings and never from a client: Join us's membership
// packages (their fees in cents) with the tax of Join us, in the currency of the payments document.
import type { OwedPackage } from '../../domain/contract/members/payments';
import { taxWords } from '../../domain/documents/club-fees';
import { chargeFor, feeCents, taxRateOf, type Charge, type Currency } from '../../domain/payments/money';
import { documentBody } from '../club/documents';
import type { AppDeps } from '../platform/context';

export interface Price extends Charge {
  item: string;
  currency: Currency;
  /** The tax as charged: its name ('' when no tax is charged) and whether the price included it. */
  taxName: string;
  taxIncluded: boolean;
  /** The tax's rate in percent, 0 for none. */
  taxRate: number;
}

/** Every membership package with what it costs today. */
export function membershipPrices(deps: AppDeps): Price[] {
  const join = documentBody(deps, 'join-page');
  const { currency } = documentBody(deps, 'payments');
  const taxRate = taxRateOf(join.tax);
  const taxName = taxRate > 0 ? join.tax.name.trim() : '';
  return join.fees.map((row) => ({ item: row.name, currency, taxName, taxIncluded: join.tax.included, taxRate, ...chargeFor(feeCents(row.fee, currency), join.tax) }));
}

/** The package of that name (as Join us writes it, any case), or undefined. */
export function membershipPrice(deps: AppDeps, item: string): Price | undefined {
  const wanted = item.trim().toLowerCase();
  return membershipPrices(deps).find((p) => p.item.trim().toLowerCase() === wanted);
}

export function owedPackages(deps: AppDeps): OwedPackage[] {
  return membershipPrices(deps).map(({ item, subtotalCents, taxCents, totalCents }) => ({ item, subtotalCents, taxCents, totalCents }));
}

/** The words after a fee for the club's tax ('+ HST'), from Join us. */
export function clubTaxWords(deps: AppDeps): string {
  return taxWords(documentBody(deps, 'join-page').tax);
}
