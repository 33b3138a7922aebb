// Money as the club counts it: whole cents (integers) from the price to the refund, never a float
// that adds up to 255.99999 (whole minor units of the club's currency: cents, or yen). A fee the club
// typed on Join us (256, 99.5) becomes minor units once, here; the tax on it is computed once, here.
// An amount becomes words in domain/region/club-format.ts (`money`), in the club's locale.
import { DEFAULT_FEE_TAX, type FeeTax } from '../documents/club-fees';
import { currencyDigits, numberMarks } from '../region/club-format';
import { DEFAULT_CLUB_REGION } from '../region/club-region';

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
 * An amount as a person types it in the club's language ('12', '12.5', '1,024.50', '$12.50' in en-CA;
 * '12,50', '1 024,50 $' in fr-CA; '1.024,50 €' in de-DE) in whole minor units of the currency, or
 * null when it is not one: more decimals than the currency has ('12.5' in JPY), or a thousands
 * separator not followed by three digits ('12,50' in en-CA is refused, never read as 1,250). A point
 * reads as the decimal mark too where the locale groups with something else (fr-CA's '12.50').
 */
export function parseMoney(typed: string, currency: Currency, locale: string = DEFAULT_CLUB_REGION.locale): number | null {
  const digits = digitsOf(currency);
  const { decimal, group } = numberMarks(locale);
  const text = typed
    .trim()
    .replace(/^[^\d\s.,'-]{1,4}\s*/u, '')
    .replace(/\s*[^\d\s.,'-]{1,4}$/u, '')
    .replace(/\s+/gu, ' ');
  const decimals = group === '.' || decimal === '.' ? [decimal] : [decimal, '.'];
  const at = Math.max(...decimals.map((mark) => text.lastIndexOf(mark)));
  const whole = at < 0 ? text : text.slice(0, at);
  const fraction = at < 0 ? '' : text.slice(at + 1);
  if (at >= 0 && !/^\d+$/.test(fraction)) return null;
  if (fraction.length > digits) return null;
  const ungrouped = whole.includes(group) ? (groupedWell(whole, group) ? whole.split(group).join('') : null) : whole;
  if (ungrouped === null || !/^\d{1,9}$/.test(ungrouped)) return null;
  const minor = Number(ungrouped) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return isCents(minor) ? minor : null;
}

/** '1,024' or '12 345 678': one to three digits, then groups of exactly three. */
function groupedWell(whole: string, group: string): boolean {
  const [first, ...rest] = whole.split(group);
  return /^\d{1,3}$/.test(first!) && rest.every((part) => /^\d{3}$/.test(part));
}

/** An amount as a form shows it for editing, in the club's language and with no thousands separator: '256.00', '256,00'; '1200' in JPY. */
export function typedMoney(cents: number, currency: Currency, locale: string = DEFAULT_CLUB_REGION.locale): string {
  const plain = plainMoney(cents, currency);
  return plain.replace('.', numberMarks(locale).decimal);
}
