// Money as the club counts it: whole cents (integers) from the price to the refund, never a float
// that adds up to 255.99999 (whole minor units of the club's currency: cents, or yen). A fee the club
// typed on Join us (256, 99.5) becomes minor units once, here; the tax on it is computed once, here.
// An amount becomes words in domain/region/club-format.ts (`money`), in the club's locale.
import { DEFAULT_FEE_TAX, type FeeTax } from '../documents/club-fees';
import { currencyDigits } from '../region/club-format';

/** The largest amount the app handles, in minor units (a fee on Join us is at most 100,000 dollars). */
export const MAX_CENTS = 100_000_00;

/** Whether `value` is an amount in whole cents the app handles: an integer from 0 to MAX_CENTS. */
export function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_CENTS;
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

/**
 * A currency as ISO 4217 names it ('CAD', 'EUR', 'JPY'): any the runtime knows may be the club's,
 * each with its own minor units (domain/region/club-format.ts `currencyDigits`).
 */
export type Currency = string;
export const DEFAULT_CURRENCY: Currency = 'CAD';

export function isCurrency(value: string): value is Currency {
  return currencyDigits(value) !== null;
}

/** The minor units of a currency the club set (a damaged copy counts in hundredths, as most do). */
function digitsOf(currency: Currency): number {
  return currencyDigits(currency) ?? 2;
}

/** A fee as Join us holds it (units: 256, 99.5) in whole minor units of the currency: 25600, 9950 in CAD; 256 in JPY. */
export function feeCents(fee: number, currency: Currency): number {
  if (!Number.isFinite(fee) || fee < 0) throw new RangeError(`Not a fee: ${fee}`);
  // 0.1 + 0.2 reads 0.30000000000000004: the nearest minor unit is the fee the club typed.
  return Math.round(fee * 10 ** digitsOf(currency));
}

/** An amount as a spreadsheet reads it, with the currency's decimals: '256.00', '-12.50'; '1200' in JPY. */
export function plainMoney(cents: number, currency: Currency): string {
  const digits = digitsOf(currency);
  const sign = cents < 0 ? '-' : '';
  const unit = 10 ** digits;
  const whole = Math.floor(Math.abs(cents) / unit);
  return digits === 0 ? `${sign}${whole}` : `${sign}${whole}.${String(Math.abs(cents) % unit).padStart(digits, '0')}`;
}

/**
 * An amount as a person types it ('12', '12.5', '1,024.50', '$12.50') in whole minor units of the
 * currency, or null when it is not one (more decimals than the currency has: '12.5' in JPY).
 */
export function parseMoney(typed: string, currency: Currency): number | null {
  const digits = digitsOf(currency);
  const text = typed.trim().replace(/^[^\d\s.,-]{1,4}\s*/u, '').replace(/,/g, '');
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(text);
  if (!match || (match[2] ?? '').length > digits) return null;
  const minor = Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || '0');
  return isCents(minor) ? minor : null;
}
