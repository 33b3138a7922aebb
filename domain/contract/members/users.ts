import { z } from 'zod';
import type { SessionUser } from './auth';
import { EMAIL_EXAMPLE, hasUnsafeCharacters, isValidEmail, keptPhone, phoneIssue, requireAll, unsafeCharactersMessage, type PhoneReader } from '../common';
import { looseString } from '../common-schemas';
import type { Role } from '../roles';
import { MEMBER_PACES, PACE_EXAMPLE, isSpeed, paceInBounds, parsePace, type PaceField } from '../../paces';
import { QUALIFICATION_MAX, QUALIFICATIONS_MAX, readQualifications } from '../../people/duties';

// Own profile and role-change notifications: the member's fields, the edit rules, the answers.

export const BIO_MAX = 2000;
export const NAME_MAX = 100;
export const PROFILE_REQUIRED_ERROR = 'Name and email are required';
export const QUALIFICATIONS_ERROR = 'List your qualifications as text, one a line';
export const PROFILE_SAVE_ERROR = 'Failed to update profile. Please try again.';
export const UPLOAD_TYPE_ERROR = 'Please upload an image file (JPEG, PNG, WebP or GIF)';
export const PROFILE_PICTURE_FIELD = 'profilePicture';
/** The largest picture the app accepts (the upload body limit). */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;

// The refusals of an uploaded picture (a profile picture, a team card's, the club's logo) or photo
// (Home's slideshow), by what the form calls it.
export type UploadNoun = 'picture' | 'photo';
export const UPLOAD_UNREADABLE_ERROR = 'The upload could not be read. Please try again.';
export const UPLOAD_TOO_MANY_PIXELS_ERROR = 'That picture is too large. Please upload one under 40 megapixels.';
export const uploadFormMessage = (noun: UploadNoun, field: string) => `Send the ${noun} as multipart/form-data in the field ${field}`;
export const uploadMissingMessage = (noun: UploadNoun) => `Please choose a ${noun} to upload`;
export const uploadTooLargeMessage = (noun: UploadNoun, maxBytes: number) => `The ${noun} must be at most ${maxBytes / (1024 * 1024)} MB`;

/** A pace as 'm:ss' (or seconds) or a speed in km/h; '' or null clears it; a number is taken as is. */
function paceField(field: PaceField) {
  const { unit, label } = MEMBER_PACES.find((p) => p.field === field)!;
  const example = isSpeed(unit) ? `enter a speed such as ${PACE_EXAMPLE[unit]}` : `enter a pace such as ${PACE_EXAMPLE[unit]}`;
  return z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === null || v === '') return null;
      const value = typeof v === 'number' ? (v > 0 ? v : null) : parsePace(v, unit);
      if (value === null || !paceInBounds(value, unit)) {
        ctx.addIssue({ code: 'custom', message: `${label}: ${example}, or leave it empty` });
        return z.NEVER;
      }
      return isSpeed(unit) ? value : Math.round(value);
    });
}

/**
 * PUT /users/profile. Only these fields exist (the four of the profile, the paces and the qualifications): anything else in the body (a role, an expiry
 * date) is dropped by the schema before it reaches the service.
 */
const profileFields = z.object({
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
  swimPace: paceField('swimPace'),
  runPace: paceField('runPace'),
  rideSpeed: paceField('rideSpeed'),
  rowPace: paceField('rowPace'),
  // What the member is qualified for, one a line ('NLS lifeguard'): a duty may ask for one. Left out:
  // kept as it is (an app from before the field sends none); '' or null: none.
  qualifications: z
    .union([z.string(), z.null()], { error: QUALIFICATIONS_ERROR })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const list = readQualifications(v);
      if (list.length > QUALIFICATIONS_MAX) ctx.addIssue({ code: 'custom', message: `List at most ${QUALIFICATIONS_MAX} qualifications` });
      else if (list.some((q) => q.length > QUALIFICATION_MAX)) ctx.addIssue({ code: 'custom', message: `A qualification is at most ${QUALIFICATION_MAX} characters` });
      else if (list.some((q) => hasUnsafeCharacters(q))) ctx.addIssue({ code: 'custom', message: unsafeCharactersMessage('A qualification') });
      return list.join('\n');
    }),
});

/** PUT /users/profile, its phone number (optional) read for the club's country by `readPhone` and kept as E.164. */
export function profileUpdateSchema(readPhone: PhoneReader) {
  return (
    profileFields
      // Each broken rule on its field, in the form's order: the first issue (the API's error) is unchanged.
      .superRefine((v, ctx) => {
        if (!requireAll(v, ['name', 'email'] as const, PROFILE_REQUIRED_ERROR, ctx)) return;
        if (hasUnsafeCharacters(v.name)) ctx.addIssue({ code: 'custom', path: ['name'], message: unsafeCharactersMessage('Name') });
        if (!isValidEmail(v.email)) {
          ctx.addIssue({ code: 'custom', path: ['email'], message: `Please enter a valid email address (e.g., ${EMAIL_EXAMPLE})` });
        }
        const phone = phoneIssue(readPhone, v.phone_number);
        if (phone) ctx.addIssue({ code: 'custom', path: ['phone_number'], message: phone });
        if (v.bio.length > BIO_MAX) ctx.addIssue({ code: 'custom', path: ['bio'], message: `Bio must be at most ${BIO_MAX} characters` });
        if (v.name.length > NAME_MAX) ctx.addIssue({ code: 'custom', path: ['name'], message: 'A field is too long' });
        if (v.email.length > 254) ctx.addIssue({ code: 'custom', path: ['email'], message: 'A field is too long' });
      })
      .transform((v) => ({ ...v, phone_number: keptPhone(readPhone, v.phone_number) }))
  );
}
export type ProfileUpdate = z.infer<ReturnType<typeof profileUpdateSchema>>;

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
