// Money as the club counts it: whole cents (integers) from the price to the refund, never a float
// that adds up to 255.99999. A fee the club typed on Join us (256, 99.5) becomes cents once, here;
// the tax on it is computed once, here; and an amount becomes words once, here.
import { DEFAULT_FEE_TAX, type FeeTax } from '../documents/club-fees';

/** The largest amount the app handles, in cents (a fee on Join us is at most 100,000). */
export const MAX_CENTS = 100_000_00;

/** Whether `value` is an amount in whole cents the app handles: an integer from 0 to MAX_CENTS. */
export function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_CENTS;
}

/** A fee as Join us holds it (units, at most two decimals: 256, 99.5) in cents: 25600, 9950. */
export function feeCents(fee: number): number {
  if (!Number.isFinite(fee) || fee < 0) throw new RangeError(`Not a fee: ${fee}`);
  // 0.1 + 0.2 reads 0.30000000000000004: the nearest cent is the fee the club typed.
  return Math.round(fee * 100);
}

/**
 * The rate of the club's tax in percent. A tax saved before the rate was asked for reads as the
 * default's rate when it is the default's tax (the club that quoted "+ HST" charges 13 %), and as no
 * rate otherwise (the club has not said it, so nothing is charged on top until it does).
 */
export function taxRateOf(tax: FeeTax): number {
  if (!tax.name.trim()) return 0;
  if (tax.rate !== undefined) return tax.rate;
  return tax.name.trim().toUpperCase() === DEFAULT_FEE_TAX.name ? (DEFAULT_FEE_TAX.rate ?? 0) : 0;
}

/** What a price comes to: its part before tax, the tax, and the total paid, in cents. */
export interface Charge {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

// A rate in thousandths of a percent, so 14.975 % (Quebec's GST + QST) stays exact in integers.
const RATE_SCALE = 1000;
const PERCENT = 100 * RATE_SCALE;

/**
 * The charge for a price under the club's tax: on top of it ('+ HST': 256.00 → 289.28), or already in it
 * ('incl. GST': 256.00 is 243.81 and 12.19 of tax). Half a cent rounds up, once, on the tax.
 */
export function chargeFor(priceCents: number, tax: FeeTax): Charge {
  const rate = Math.round(taxRateOf(tax) * RATE_SCALE);
  if (rate === 0) return { subtotalCents: priceCents, taxCents: 0, totalCents: priceCents };
  if (tax.included) {
    const subtotalCents = Math.round((priceCents * PERCENT) / (PERCENT + rate));
    return { subtotalCents, taxCents: priceCents - subtotalCents, totalCents: priceCents };
  }
  const taxCents = Math.round((priceCents * rate) / PERCENT);
  return { subtotalCents: priceCents, taxCents, totalCents: priceCents + taxCents };
}

/** The currencies a club may set (ISO 4217), with how an amount of each is written. */
export const CURRENCIES = {
  CAD: '$',
  USD: '$',
  AUD: '$',
  NZD: '$',
  EUR: '€',
  GBP: '£',
  CHF: 'CHF ',
} as const satisfies Record<string, string>;
export type Currency = keyof typeof CURRENCIES;
export const DEFAULT_CURRENCY: Currency = 'CAD';

export function isCurrency(value: string): value is Currency {
  return Object.hasOwn(CURRENCIES, value);
}

/** An amount as a person reads it: '$256.00', '$1,024.50', '-$12.00'. */
export function formatMoney(cents: number, currency: Currency): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(cents) / 100);
  const part = String(Math.abs(cents) % 100).padStart(2, '0');
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${CURRENCIES[currency]}${grouped}.${part}`;
}

/** An amount as a spreadsheet reads it: '256.00', '-12.50'. */
export function plainMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

/** An amount as a person types it ('12', '12.5', '1,024.50', '$12.50') in cents, or null when it is not one. */
export function parseMoney(typed: string): number | null {
  const text = typed.trim().replace(/^[$€£]|^CHF\s*/i, '').replace(/,/g, '');
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return isCents(cents) ? cents : null;
}
