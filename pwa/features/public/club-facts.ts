import { DEFAULT_TERM_YEARS, defaultTerms, termMonthsText, termsOfYear } from '../../../domain/calendar';

// The club's membership sessions as Join Us lists them (the fees are the club's `join-page` document).

/**
 * The membership terms in the order of the club year (from Fall), as the public pages word them: the
 * club calendar's default terms (domain/calendar.ts) of one year.
 */
export const MEMBERSHIP_SESSIONS = (() => {
  const year = termsOfYear(defaultTerms().terms, DEFAULT_TERM_YEARS.last);
  const fall = year.findIndex((t) => t.name === 'Fall');
  return [...year.slice(fall), ...year.slice(0, fall)].map((t) => ({ name: t.name, months: termMonthsText(t) }));
})();

