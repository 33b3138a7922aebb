import { z } from 'zod';
import {
  EMAIL_EXAMPLE,
  PASSWORD_MESSAGE,
  PASSWORD_MIN,
  isValidEmail,
  hasUnsafeCharacters,
  keptPhone,
  phoneIssue,
  type PhoneReader,
  requireAll,
  unsafeCharactersMessage,
} from '../common';
import { looseString } from '../common-schemas';
import type { Role } from '../roles';

/** The signed-in user as every auth answer carries it, with both spellings installed apps read. */
export interface SessionUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  phone_number: string | null;
  phoneNumber: string | null;
  charter_accepted: boolean;
  charterAccepted: boolean;
  profile_picture_url: string | null;
  profilePictureUrl: string | null;
  bio: string | null;
  join_date: string | null;
  expiry_date: string | null;
  absences: number;
  suspended_until: number | null;
  /**
   * The member's own paces, so a workout with lanes suggests one (domain/paces.ts): seconds per
   * 100 m swum, seconds per km run, km/h ridden, seconds per 500 m rowed. Absent while the member gave none.
   */
  paces?: MemberPaces;
  /** What the member's profile states they are qualified for ('NLS lifeguard'), which some duties ask for. Absent while none. */
  qualifications?: string[];
}

export interface MemberPaces {
  swimPace: number | null;
  runPace: number | null;
  rideSpeed: number | null;
  /** Added after the others: a copy kept from before it may lack it. */
  rowPace?: number | null;
}

export interface AuthAnswer {
  user: SessionUser;
  token: string;
}

export const loginSchema = z
  .object({ email: looseString, password: z.string().optional().default('') })
  .refine((v) => v.email !== '' && v.password !== '', { error: 'Email and password are required' });

// Every broken rule is reported on its own field (the PWA shows each next to its input); the order
// of the issues is the form's order of checks, so the first one (the API's `error`) is unchanged.
const REGISTER_FIELDS = ['name', 'email', 'phoneNumber', 'password'] as const;

const registerFields = z.object({ email: looseString, password: z.string().optional().default(''), name: looseString, phoneNumber: looseString });

/** POST /auth/register, its phone number read for the club's country by `readPhone` and kept as E.164. */
export function registerSchema(readPhone: PhoneReader) {
  return registerFields
    .superRefine((v, ctx) => {
      if (!requireAll(v, REGISTER_FIELDS, 'All fields are required', ctx)) return;
      if (hasUnsafeCharacters(v.name)) ctx.addIssue({ code: 'custom', path: ['name'], message: unsafeCharactersMessage('Name') });
      if (!isValidEmail(v.email)) {
        ctx.addIssue({ code: 'custom', path: ['email'], message: `Please enter a valid email address (e.g., ${EMAIL_EXAMPLE})` });
      }
      const phone = phoneIssue(readPhone, v.phoneNumber);
      if (phone) ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: phone });
      if (v.password.length < PASSWORD_MIN) ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MESSAGE });
      const tooLong = ([['name', 100], ['email', 254], ['password', 200]] as const).filter(([k, max]) => v[k].length > max);
      for (const [k] of tooLong) ctx.addIssue({ code: 'custom', path: [k], message: 'A field is too long' });
    })
    .transform((v) => ({ ...v, phoneNumber: keptPhone(readPhone, v.phoneNumber) }));
}
export type RegisterInput = z.infer<ReturnType<typeof registerSchema>>;

export const forgotPasswordSchema = z
  .object({ email: looseString })
  .refine((v) => v.email !== '', { error: 'Please enter your email address', path: ['email'] });

export const resetPasswordSchema = z
  .object({ token: looseString, newPassword: z.string().optional().default('') })
  .superRefine((v, ctx) => {
    if (!v.token) ctx.addIssue({ code: 'custom', message: 'Invalid reset link. Please request a new password reset.' });
    else if (v.newPassword.length < PASSWORD_MIN) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: PASSWORD_MESSAGE });
    else if (v.newPassword.length > 200) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'Password is too long' });
  });

/** POST /auth/reset-password/check: whether a reset link still works, without using it up. */
export const resetCheckSchema = z.object({ token: looseString });
export interface ResetCheckAnswer {
  valid: boolean;
}

export const FORGOT_PASSWORD_ANSWER = 'If an account exists for that email, a password reset link has been sent.';
export const DUPLICATE_EMAIL_ERROR = 'An account with this email already exists';
export const LOGIN_FAILED_ERROR = 'Invalid email or password';
export const NO_TOKEN_ERROR = 'No authentication token found';
export const SESSION_EXPIRED_ERROR = 'Invalid or expired token. Please sign in again.';
export const NOT_APPROVED_ERROR = 'Your membership application was not approved.';
export const ACCOUNT_NOT_FOUND_ERROR = 'Account not found';
export const INVALID_RESET_ERROR = 'Invalid reset link. Please request a new password reset.';
// The sign-up and sign-in limits (answered 429 with Retry-After).
export const SIGN_UPS_FROM_NETWORK_ERROR = 'Too many sign-ups from this network. Please try again later.';
export const SIGN_UPS_FOR_EMAIL_ERROR = 'Too many sign-up attempts for this email. Please try again later.';
export const APPLICATIONS_TODAY_ERROR = 'The club has received a great many applications today. Please try again tomorrow.';
export const SIGN_IN_ATTEMPTS_ERROR = 'Too many sign-in attempts. Please wait a few minutes and try again.';
export const accountSignInWaitMessage = (seconds: number) =>
  `Too many sign-in attempts on this account. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
