import { latestYearTerms, termMonthsText, type TermDefinition } from '../../../domain/calendar';

// The club's membership sessions as Join Us lists them (the fees are the club's `join-page` document).

/**
 * The membership terms as the public pages word them: the club's terms (Admin → Terms) of the latest
 * year it has set out, in date order, as the `{terms}` placeholder tells them.
 */
export function membershipSessions(terms: readonly TermDefinition[]): { name: string; months: string }[] {
  return latestYearTerms(terms).map((t) => ({ name: t.name, months: termMonthsText(t) }));
}
