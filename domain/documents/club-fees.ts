// How the club quotes a fee: the number and the tax's words after it. Apart from the pages' documents
// (club-pages.ts), so the pages that show fees (Join us, its table) load these few lines alone.

/**
 * How the club's fees stand to tax, said after every fee: '+ HST' when the tax comes on top,
 * 'incl. GST' when the fee includes it, nothing when the club names no tax.
 */
export interface FeeTax {
  /** The tax's short name ('HST', 'GST', 'VAT'), or '' for none. */
  name: string;
  /** Whether the fees already include it. */
  included: boolean;
  /**
   * Its rate in percent (13, 5, 14.975), what a payment charges on top of a fee or counts inside it.
   * Saved before payments asked for it, it is absent: domain/payments/money.ts `taxRateOf` reads it.
   */
  rate?: number;
}

/** The demo club's tax: Ontario's HST, 13 %, on top of each fee. */
export const DEFAULT_FEE_TAX: FeeTax = { name: 'HST', included: false, rate: 13 };

/** The words after a fee for the club's tax: '+ HST', 'incl. GST', or '' when it names none. */
export function taxWords(tax: FeeTax): string {
  const name = tax.name.trim();
  if (!name) return '';
  return tax.included ? `incl. ${name}` : `+ ${name}`;
}

/** A fee as the club quotes it: '256 + HST'. */
export function formatFee(fee: number, tax: FeeTax): string {
  const words = taxWords(tax);
  return words ? `${fee} ${words}` : String(fee);
}
