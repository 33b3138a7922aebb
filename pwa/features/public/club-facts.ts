import { SESSIONS_IN_CLUB_YEAR_ORDER, sessionMonthsText } from '../../../domain/calendar';

// The club's membership sessions as Join Us lists them (the fees are the club's `join-page` document).

/** The membership sessions in the order of the club year, from the club calendar (domain/calendar.ts). */
export const MEMBERSHIP_SESSIONS = SESSIONS_IN_CLUB_YEAR_ORDER.map((s) => ({ name: s.name, months: sessionMonthsText(s) }));

