import { z } from 'zod';
import type { SessionOption } from '../../calendar';
import { RENEWAL_WINDOW_DAYS } from '../../membership';

// The start of a membership session: importing members from a spreadsheet, renewals, and the
// members table's bulk actions.

/** A membership session as GET /config lists it (the club calendar's sessions): id 'winter-2027', name 'Winter 2027', first and last club-local day. */
export type SessionChoice = SessionOption;

// ---------- Import ----------

/** Largest spreadsheet accepted: 1 MB and this many data rows. */
export const IMPORT_MAX_BYTES = 1024 * 1024;
export const IMPORT_MAX_ROWS = 2000;
/** How long the invitation link works (single use, like the password-reset link). */
export const INVITATION_DAYS = 7;
/** The roles a spreadsheet may give; an administrator is only ever made by hand. */
export const IMPORTABLE_ROLES = ['member', 'exec'] as const;

// The refusals of a spreadsheet as a whole (a row's own problems are its `reason`).
export const IMPORT_CONTENT_TYPE_ERROR = 'Send the spreadsheet as a CSV file (Content-Type: text/csv).';
export const IMPORT_HEADER_ERROR = 'The first row must name the columns, with at least "name" and "email".';
export const IMPORT_EMPTY_ERROR = 'The file is empty. It needs a header row naming at least name and email.';
export const importTooManyRowsMessage = () =>
  `The file has more than ${IMPORT_MAX_ROWS} rows; at most ${IMPORT_MAX_ROWS} can be imported at once. Split it into smaller files.`;
export const unreadableCsvMessage = (reason: string) => `The file is not a readable CSV file (${reason}).`;
/** What every refusal of the file's encoding ends with. */
const SAVE_AS = 'Save it from the spreadsheet as "CSV UTF-8" and try again.';
export const UTF16_ODD_BYTES_ERROR = `The file says it is UTF-16 but ends half-way through a character (it has an odd number of bytes). ${SAVE_AS}`;
export const UTF16_LONE_SURROGATE_ERROR = `The file says it is UTF-16 but holds a broken character (a lone surrogate). ${SAVE_AS}`;
export const invalidUtf8Message = (line: number, byte: number, hex: string) =>
  `The file is not valid UTF-8: line ${line} has a byte UTF-8 does not allow there (byte ${byte} of the file, 0x${hex}). ${SAVE_AS}`;
export const nulByteMessage = (line: number, byte: number) => `The file is not a text file: line ${line} holds a NUL byte (byte ${byte} of the file). ${SAVE_AS}`;
export const nulCharacterMessage = (line: number) => `The file is not a text file: line ${line} holds a NUL character. ${SAVE_AS}`;

export type ImportRowStatus = 'created' | 'updated' | 'skipped' | 'error';

export interface ImportRow {
  /** The line of the file the row starts on (the header is line 1). */
  line: number;
  name: string;
  email: string;
  status: ImportRowStatus;
  /** Why a row is skipped or refused, or what an update changed. */
  reason: string | null;
  /** The role and expiry a created or updated member has (null for skipped and refused rows). */
  role: string | null;
  expiryDate: string | null;
}

export interface ImportAnswer {
  dryRun: boolean;
  counts: Record<ImportRowStatus, number>;
  rows: ImportRow[];
}

// ---------- Renewals ----------

/** The renewal window is a membership rule (domain/membership.ts); named here too for the contract's readers. */
export { RENEWAL_WINDOW_DAYS };
/** Reminders before a membership ends, each sent once (push or email). */
export const RENEWAL_REMINDER_DAYS = [30, 7] as const;
/** The club-local time of day a renewal reminder goes out. */
export const RENEWAL_REMINDER_TIME = '10:00';

export const RENEWAL_NOT_ELIGIBLE_ERROR = `You can ask to renew from ${RENEWAL_WINDOW_DAYS} days before your membership ends.`;
export const RENEWAL_MEMBERS_ONLY_ERROR = 'Only an approved member can renew. A new member signs up and is approved.';
export const UNKNOWN_SESSION_ERROR = 'Choose one of the sessions offered.';
export const RENEWAL_DECIDED_ERROR = 'This request has already been answered.';
export const RENEWAL_NOT_FOUND = 'Renewal request not found';

const CHOOSE_SESSION = 'Choose a session.';

export const renewalRequestSchema = z.object({
  session: z.string({ error: CHOOSE_SESSION }).trim().min(1, { error: CHOOSE_SESSION }),
});

export type RenewalStatus = 'requested' | 'approved' | 'declined';

export interface Renewal {
  id: number;
  memberId: number;
  name: string;
  email: string;
  /** The session asked for ('winter-2027') and its name and last day. */
  session: string;
  sessionName: string;
  sessionEnds: string;
  /** The membership's expiry when the request was looked at. */
  currentExpiry: string | null;
  status: RenewalStatus;
  /** Why it was declined. */
  reason: string | null;
  requestedAt: number;
  decidedAt: number | null;
}

/** GET /me/renewal: whether the member may ask now, the sessions to choose from, and the last request. */
export interface MyRenewalAnswer {
  eligible: boolean;
  expiryDate: string | null;
  sessions: SessionChoice[];
  renewal: Renewal | null;
}

export interface RenewalAnswer {
  renewal: Renewal;
}

export interface RenewalsAnswer {
  renewals: Renewal[];
}

const idList = z
  .array(z.number({ error: 'ids must be numbers' }).int().positive(), { error: 'ids must be a list of numbers' })
  .min(1, { error: 'Choose at least one' })
  .max(5000, { error: 'Too many at once' });

export const approveRenewalsSchema = z.object({ ids: idList });

/** A declined renewal's reason (the member reads it in an email): at most this long. */
export const DECLINE_REASON_MAX = 500;
const DECLINE_REASON_MISSING = 'Give a reason: the member reads it.';

export const declineRenewalSchema = z.object({
  reason: z
    .string({ error: DECLINE_REASON_MISSING })
    .trim()
    .min(1, { error: DECLINE_REASON_MISSING })
    .max(DECLINE_REASON_MAX, { error: `Keep the reason under ${DECLINE_REASON_MAX} characters` }),
});

export interface RenewalsDecidedAnswer {
  /** How many requests this call approved (ones already decided are left as they are). */
  approved: number;
  renewals: Renewal[];
}

// ---------- Bulk actions ----------

export const BULK_SELF_ROLE_ERROR = 'You cannot change your own role in bulk. Leave yourself out of the selection, or use Edit.';

/** The roles a bulk action may set: never administrator. */
export const BULK_ROLES = ['member', 'exec'] as const;

export const bulkMembersSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('set-expiry'), ids: idList, session: z.string().trim().min(1, { error: CHOOSE_SESSION }) }),
    z.object({
      action: z.literal('set-role'),
      ids: idList,
      role: z.enum(BULK_ROLES, { error: 'Choose Member or Executive' }),
      // An administrator caught in the selection keeps the role unless the request says so.
      confirmDemoteAdmins: z.boolean({ error: 'confirmDemoteAdmins must be true or false' }).optional(),
    }),
  ],
  { error: "action must be 'set-expiry' or 'set-role'" },
);

/**
 * A bulk role change that would take the role of other administrators: refused (409) unless the
 * request sets `confirmDemoteAdmins`, with the administrators named in the message and in `administrators`.
 */
export function demoteAdminsMessage(names: readonly string[]): string {
  const who = names.length === 1 ? `${names[0]} is an administrator` : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are administrators`;
  return `${who}: changing roles in bulk would take that role away. Leave them out of the selection, or confirm the change.`;
}

export interface BulkMembersAnswer {
  /** Members changed. */
  updated: number;
  /** Members left alone: pending or rejected accounts, or already so. */
  skipped: number;
}
