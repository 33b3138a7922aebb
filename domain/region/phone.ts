// Members' phone numbers, read and written for the club's country (its `region` document): typed in
// the country's own way ('0412 345 678' in Australia, '(416) 555-0100' in Canada) or with + and a
// country code from anywhere, kept in E.164 ('+61412345678'), shown the national way when the number
// shares the club's country code and the international way otherwise. A number kept before this rule
// (anything not in E.164, e.g. '(416) 555-0100') is shown as it was kept: a guess could be wrong.
// libphonenumber-js with its smallest ('min') metadata (docs/decisions/0119-phone-numbers.md): this
// module is loaded only with the forms and screens that read or show a number, never with a visitor's
// first download.
import {
  getCountries,
  getCountryCallingCode,
  getExampleNumber,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';
import { DEFAULT_CLUB_REGION } from './club-region';

/** A typed number read for the club: the number to keep (E.164), or why it is not one. */
export type PhoneReading = { phone: string } | { problem: string };

/** True for an ISO 3166-1 alpha-2 code whose numbering plan the phone library knows ('CA', 'AU'). */
export function isPhoneCountry(code: unknown): code is CountryCode {
  return typeof code === 'string' && /^[A-Z]{2}$/.test(code) && isSupportedCountry(code);
}

/** Every country the phone library knows, by code (the country picker's choices). */
export function phoneCountries(): readonly string[] {
  return getCountries();
}

/** A mobile number of `country` as its people write it ('0412 345 678' for AU, '(506) 234-5678' for CA). */
export function phoneExample(country: string): string {
  if (!isPhoneCountry(country))
    return (
      getExampleNumber(DEFAULT_CLUB_REGION.country as CountryCode, examples)?.formatInternational() ?? ''
    );
  return getExampleNumber(country, examples)?.formatNational() ?? '';
}

/** The message beside a phone field that holds no number the club can keep, with an example of its country's. */
export function phoneProblem(country: string): string {
  return `Please enter a valid phone number (e.g., ${phoneExample(country)}; from another country, start with + and its code)`;
}

/**
 * A typed number read for a club in `country`: national ('0412 345 678') or international
 * ('+61 412 345 678'), spaces, dashes, dots and brackets as anyone types them. Kept as E.164. Refused:
 * letters, an extension (E.164 has no room for one), a number of the wrong length or that no phone
 * of that country has.
 */
export function readPhone(typed: string, country: string): PhoneReading {
  const text = typed.trim();
  const number = text
    ? parsePhoneNumberFromString(text, {
        extract: false,
        ...(isPhoneCountry(country) ? { defaultCountry: country } : {}),
      })
    : undefined;
  if (!number || number.ext || !number.isValid()) return { problem: phoneProblem(country) };
  return { phone: number.number };
}

const E164 = /^\+[1-9]\d{5,14}$/;

/**
 * A kept number as the club shows it: national for a number with the club's country code ('0412 345
 * 678' in an Australian club), international otherwise ('+1 416 555 0100'); a number kept in an older
 * form, or that the library cannot read, exactly as it was kept. Nothing kept: ''.
 */
export function showPhone(kept: string | null | undefined, country: string): string {
  if (!kept) return '';
  if (!E164.test(kept)) return kept;
  const number = parsePhoneNumberFromString(kept, { extract: false });
  if (!number) return kept;
  const home = isPhoneCountry(country) && getCountryCallingCode(country) === number.countryCallingCode;
  return home ? number.formatNational() : number.formatInternational();
}

/**
 * Every way the club may have written a kept number ('+16135550199', '(613) 555-0199', '+1 613 555
 * 0199', '6135550199'), so that what names a deleted member can be found in any of them; a number kept
 * in an older form, as kept.
 */
export function phoneWritings(kept: string): string[] {
  if (!E164.test(kept)) return [kept];
  const number = parsePhoneNumberFromString(kept, { extract: false });
  if (!number) return [kept];
  return [...new Set([kept, number.formatNational(), number.formatInternational(), number.nationalNumber])];
}
