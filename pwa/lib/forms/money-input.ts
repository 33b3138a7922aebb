import { parseMoney, typedMoney, type Currency } from '../../../domain/payments/money';
import { clubLocale } from '../club/club-region';

// An amount in a form (a treasurer's, a race's or event's fee), in the club's language: typed '12,50' in fr-CA and '12.50' in
// en-CA, shown back for editing the same way. The server only ever sees whole minor units.

/** What the treasurer typed, in minor units of `currency`, or null when it is not an amount. */
export function readMoney(typed: string, currency: Currency): number | null {
  return parseMoney(typed, currency, clubLocale());
}

/** An amount put in a field for editing: '256.00', '256,00'. */
export function editableMoney(cents: number, currency: Currency): string {
  return typedMoney(cents, currency, clubLocale());
}

/** The words next to a field that does not hold an amount: 'Give the amount like 12.50'. */
export function amountHint(what: 'amount' | 'price' | 'fee', exampleCents: number, currency: Currency): string {
  return `Give the ${what} like ${editableMoney(exampleCents, currency)}`;
}

/** A fee as typed in a race's or event's form: '' is free (0), else the amount, or null when it is not one. */
export function typedFee(typed: string, currency: Currency): number | null {
  return typed.trim() === '' ? 0 : readMoney(typed, currency);
}

/** A fee shown in its form for editing: '' for free. */
export function editableFee(cents: number | undefined, currency: Currency): string {
  return cents ? editableMoney(cents, currency) : '';
}
