import { z } from 'zod';
import { EMAIL_EXAMPLE, hasUnsafeCharacters, isValidEmail, keptPhone, phoneIssue, requireAll, unsafeCharactersMessage, type PhoneReader } from '../common';
import { looseString } from '../common-schemas';
import type { Role } from '../roles';

// Admin contract: the members table, editing and approving a member, the message queue's listing.

export const APPROVABLE_ROLES = ['member', 'exec', 'administrator'] as const;
/** What the Edit Member modal may set; 'rejected' only passes when it is already the role. */
export const EDITABLE_ROLES = ['pending', 'member', 'exec', 'administrator', 'rejected'] as const;
export type EditableRole = (typeof EDITABLE_ROLES)[number];

export const EXPIRY_REQUIRED_ERROR = 'Please set an expiry date before approving the member.';
export const MEMBER_REQUIRED_ERROR = 'Name, email and role are required';
export const DELETE_MEMBER_CONFIRM =
  'WARNING: This will PERMANENTLY DELETE this user and all their data! This action cannot be undone.';
export const NO_PENDING_MEMBERS = 'No pending members to approve!';
export const MEMBER_NOT_FOUND = 'Member not found';
export const SELF_DEMOTE_ERROR =
  'You cannot remove your own administrator role. Ask another administrator to do it, so the club always keeps one.';
export const SELF_DELETE_ERROR =
  'You cannot delete your own account here. Ask another administrator to do it, so the club always keeps one.';
export const ALREADY_APPROVED_ERROR = 'This member is already approved. Use Edit to change their role or expiry date.';
export const NOT_PENDING_ERROR = 'Only a pending member can be rejected.';
export const PAST_EXPIRY_ERROR = 'Please choose an expiry date that is not in the past.';
export const SET_REJECTED_ERROR = 'Use Reject on the Pending Approval tab to refuse a member.';

import { isCalendarDate } from '../../calendar-days';

export { isCalendarDate };

/** '' and null both mean "no expiry date". */
const optionalDate = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v ?? '').trim() || null)
  .refine((v) => v === null || isCalendarDate(v), { error: 'Enter the expiry date as YYYY-MM-DD' });

export const approveMemberSchema = z.object({
  role: z
    .enum(APPROVABLE_ROLES, { error: 'Choose Member, Executive or Administrator' })
    .optional()
    .default('member'),
  expiryDate: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim())
    .refine((v) => v !== '', { error: EXPIRY_REQUIRED_ERROR })
    .refine((v) => isCalendarDate(v), { error: 'Enter the expiry date as YYYY-MM-DD' }),
});
export type ApproveMemberInput = z.infer<typeof approveMemberSchema>;

export const rejectMemberSchema = z.object({
  role: z.literal('rejected', { error: "role must be 'rejected'" }).optional(),
});

/** 1/0 or true/false; missing leaves the charter as it is. */
const charterFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
    error: 'charterAccepted must be 1 or 0',
  })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === true || v === 1 || v === '1'));

const memberFields = z.object({
  name: looseString,
  email: looseString,
  role: looseString,
  expiryDate: optionalDate,
  phoneNumber: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim()),
  charterAccepted: charterFlag,
});

/** PUT /admin/members/:id/update, the phone number (optional) read for the club's country by `readPhone` and kept as E.164. */
export function updateMemberSchema(readPhone: PhoneReader) {
  return (
    memberFields
      // Each broken rule on its field, in the form's order: the first issue (the API's error) is unchanged.
      .superRefine((v, ctx) => {
        if (!requireAll(v, ['name', 'email', 'role'] as const, MEMBER_REQUIRED_ERROR, ctx)) return;
        if (hasUnsafeCharacters(v.name)) ctx.addIssue({ code: 'custom', path: ['name'], message: unsafeCharactersMessage('Name') });
        if (!(EDITABLE_ROLES as readonly string[]).includes(v.role)) {
          ctx.addIssue({ code: 'custom', path: ['role'], message: 'Choose Pending, Member, Executive or Administrator' });
        }
        if (!isValidEmail(v.email)) {
          ctx.addIssue({ code: 'custom', path: ['email'], message: `Please enter a valid email address (e.g., ${EMAIL_EXAMPLE})` });
        }
        const phone = phoneIssue(readPhone, v.phoneNumber);
        if (phone) ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: phone });
        if (v.name.length > 100) ctx.addIssue({ code: 'custom', path: ['name'], message: 'A field is too long' });
        if (v.email.length > 254) ctx.addIssue({ code: 'custom', path: ['email'], message: 'A field is too long' });
      })
      .transform((v) => ({ ...v, role: v.role as EditableRole, phoneNumber: keptPhone(readPhone, v.phoneNumber) }))
  );
}
export type UpdateMemberInput = z.infer<ReturnType<typeof updateMemberSchema>>;

/** Kept for old clients: the server records role changes itself and trusts nothing in this body. */
export const notifyRoleChangeSchema = z.object({}).loose();

// ---------- Answers ----------

/** One row of the members table; `role` is the stored role. */
export interface AdminMember {
  id: number;
  name: string;
  email: string;
  role: Role;
  phone_number: string | null;
  join_date: string | null;
  expiry_date: string | null;
  absences: number;
  charter_accepted: 0 | 1;
  /** True when the expiry date has passed: the member is treated as pending until renewed. */
  expired: boolean;
}

/** A row of GET /admin/members: the member and how many passkeys they have. */
export interface MemberListEntry extends AdminMember {
  passkeyCount: number;
}

export interface MembersAnswer {
  members: MemberListEntry[];
}

export interface MemberAnswer {
  member: AdminMember;
}

/** One message of the server's message queue (GET /admin/outbox): an email, or a push to one device. */
export interface QueuedMessage {
  id: number;
  channel: 'email' | 'push';
  /** The address; for a push, the member's email. */
  to: string;
  /** A push's device ('Chrome on Android'); null for an email or once the device is removed. */
  device: string | null;
  /** For a push: the title; its body is `text`. */
  subject: string;
  text: string;
  status: string;
  attempts: number;
  /** Why the last try failed, if one did. */
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

export interface QueuedMessagesAnswer {
  emails: QueuedMessage[];
}
