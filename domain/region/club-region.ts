// Where the club is, beyond its clock: its country (whose phone numbers are written without a country
// code) and its language (how every date and time is written for people). The `region` document
// (Admin → Rules) holds both; this file has no library in it, since a device's entry chunk reads it.

/** The club's country and language (docs/decisions/0118-club-region.md). */
export interface ClubRegion {
  /** ISO 3166-1 alpha-2, e.g. 'CA', 'AU': a phone number typed without +code is read as one of this country's. */
  country: string;
  /** A BCP 47 tag, canonical, e.g. 'en-US', 'en-AU': the club's dates and times are written the way it writes them. */
  locale: string;
}

/** What the club had before the settings existed: North American numbers, dates as 'Mon, Mar 2, 2026 at 6:15 PM'. */
export const DEFAULT_CLUB_REGION: Readonly<ClubRegion> = { country: 'CA', locale: 'en-US' };

/** Two capital letters: the shape of an ISO 3166-1 alpha-2 code (whether the phone library knows it is domain/region/phone.ts's). */
export const COUNTRY_CODE = /^[A-Z]{2}$/;
