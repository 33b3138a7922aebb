import { z } from 'zod';
import type { SessionUser } from './auth';
import { EMAIL_EXAMPLE, PHONE_MESSAGE, hasUnsafeCharacters, isValidEmail, isValidPhone, requireAll, unsafeCharactersMessage } from './common';
import { looseString } from './common-schemas';
import type { Role } from './roles';
import { paceInBounds, parsePace, type PaceUnit } from '../lanes';

// Own profile and role-change notifications: the member's fields, the edit rules, the answers.

export const BIO_MAX = 2000;
export const NAME_MAX = 100;
export const PROFILE_REQUIRED_ERROR = 'Name and email are required';
export const PROFILE_SAVE_ERROR = 'Failed to update profile. Please try again.';
export const UPLOAD_TYPE_ERROR = 'Please upload an image file (JPEG, PNG, WebP or GIF)';
export const PROFILE_PICTURE_FIELD = 'profilePicture';
/** The largest picture the app accepts (the upload body limit). */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** A pace as 'm:ss' (or seconds) or a speed in km/h; '' or null clears it; a number is taken as is. */
function paceField(unit: PaceUnit, label: string) {
  return z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === null || v === '') return null;
      const value = typeof v === 'number' ? v : parsePace(v, unit);
      if (value === null || !paceInBounds(value, unit)) {
        ctx.addIssue({ code: 'custom', message: `${label}: ${unit === 'km/h' ? 'enter a speed such as 28' : 'enter a pace such as 1:45'}, or leave it empty` });
        return z.NEVER;
      }
      return unit === 'km/h' ? value : Math.round(value);
    });
}

/**
 * PUT /users/profile. Only these four fields exist: anything else in the body (a role, an expiry
 * date) is dropped by the schema before it reaches the service.
 */
export const profileUpdateSchema = z
  .object({
    name: looseString,
    email: looseString,
    phone_number: z
      .union([z.string(), z.null()])
      .optional()
      .transform((v) => (v ?? '').trim()),
    bio: z
      .union([z.string(), z.null()])
      .optional()
      .transform((v) => (v ?? '').replace(/\r\n/g, '\n').trim()),
    // The own paces (optional; left out: kept as they are; '' or null: none).
    swimPace: paceField('s/100m', 'Swim pace per 100 m'),
    runPace: paceField('s/km', 'Run pace per km'),
    rideSpeed: paceField('km/h', 'Ride speed km/h'),
  })
  // Each broken rule on its field, in the form's order: the first issue (the API's error) is unchanged.
  .superRefine((v, ctx) => {
    if (!requireAll(v, ['name', 'email'] as const, PROFILE_REQUIRED_ERROR, ctx)) return;
    if (hasUnsafeCharacters(v.name)) ctx.addIssue({ code: 'custom', path: ['name'], message: unsafeCharactersMessage('Name') });
    if (!isValidEmail(v.email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: `Please enter a valid email address (e.g., ${EMAIL_EXAMPLE})` });
    }
    if (v.phone_number && !isValidPhone(v.phone_number)) ctx.addIssue({ code: 'custom', path: ['phone_number'], message: PHONE_MESSAGE });
    if (v.bio.length > BIO_MAX) ctx.addIssue({ code: 'custom', path: ['bio'], message: `Bio must be at most ${BIO_MAX} characters` });
    if (v.name.length > NAME_MAX) ctx.addIssue({ code: 'custom', path: ['name'], message: 'A field is too long' });
    if (v.email.length > 254) ctx.addIssue({ code: 'custom', path: ['email'], message: 'A field is too long' });
  });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export interface ProfileAnswer {
  user: SessionUser;
}

export interface ProfilePictureAnswer {
  profilePictureUrl: string;
  user: SessionUser;
}

export interface RoleChangeNotification {
  id: number;
  oldRole: Role;
  newRole: Role;
  createdAt: number;
}

export interface RoleChangeNotificationsAnswer {
  notifications: RoleChangeNotification[];
}

/** Bio text as the profile shows it: paragraphs split on blank lines. */
export function bioParagraphs(bio: string | null | undefined): string[] {
  return (bio ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
