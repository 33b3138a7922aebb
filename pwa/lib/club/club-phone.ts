import type { PhoneReader } from '../../../domain/contract/common';
import { readPhone, showPhone } from '../../../domain/region/phone';
import { clubCountry } from './club-region';

// Phone numbers on a device, read and shown for the club's country as this device knows it (its
// `region` document, learned with /api/config), exactly as the server reads them. Loads the phone
// library: only the forms that take a number and the screens that show one import it, never a
// visitor's first download.

/** A typed number read for the club's country in force at the time of the check (a form's schema takes it). */
export const readClubPhone: PhoneReader = (typed) => readPhone(typed, clubCountry());

/** A kept number as the club shows it: '0412 345 678' in an Australian club; an older kept form as it was; '' for none. */
export function showClubPhone(kept: string | null | undefined): string {
  return showPhone(kept, clubCountry());
}
