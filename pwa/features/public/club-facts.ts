import { DEFAULT_TERM_YEARS, defaultTerms, termMonthsText, termsOfYear } from '../../../domain/calendar';

// The club's membership facts, shared by Join Us and the FAQ so the two pages never disagree.

export interface Package {
  name: string;
  athlete: 'Triathlete' | 'Duathlete' | 'Runner';
  coverage: 'Full' | 'Half';
  fee: number;
}

// Fees are shown as numbers plus HST: the club quotes no currency.
export const PACKAGES: Package[] = [
  { name: 'Full Tri', athlete: 'Triathlete', coverage: 'Full', fee: 256 },
  { name: 'Half Tri', athlete: 'Triathlete', coverage: 'Half', fee: 136 },
  { name: 'Full Du', athlete: 'Duathlete', coverage: 'Full', fee: 213 },
  { name: 'Half Du', athlete: 'Duathlete', coverage: 'Half', fee: 122 },
  { name: 'Full Run', athlete: 'Runner', coverage: 'Full', fee: 182 },
  { name: 'Half Run', athlete: 'Runner', coverage: 'Half', fee: 101 },
];

export const COVERAGE_TEXT: Record<Package['coverage'], string> = {
  Full: 'Whole year',
  Half: 'Fall or Winter only',
};

/**
 * The membership terms in the order of the club year (from Fall), as the public pages word them: the
 * club calendar's default terms (domain/calendar.ts) of one year.
 */
export const MEMBERSHIP_SESSIONS = (() => {
  const year = termsOfYear(defaultTerms().terms, DEFAULT_TERM_YEARS.last);
  const fall = year.findIndex((t) => t.name === 'Fall');
  return [...year.slice(fall), ...year.slice(0, fall)].map((t) => ({ name: t.name, months: termMonthsText(t) }));
})();

export const formatFee = (fee: number) => `${fee} + HST`;
