// Safety cards and the season's waiver: who may see a member's emergency contacts and health notes,
// when the club must ask for a card again, and whether a waiver signature holds for a term. A card is
// held as health data is (docs/decisions/0152-safety-cards.md): the server, the offline set and the
// device apply these rules and no others.
import { hasRole, type Role } from '../contract/roles';
import type { RsvpStatus } from '../contract/training/forum';
import { addDays } from '../calendar-days';
import { termOfDate, type MembershipSession, type TermDefinition } from '../calendar';
import { DEFAULT_SAFETY_KEEP_DAYS } from '../contract/members/privacy';

/** The `safety` club document (Admin → Rules): the health flags a member may tick and the club's choices around cards. */
export interface SafetyDocument {
  /** The short list of health flags a card may carry ('Asthma', 'Allergy', …). */
  flags: string[];
  /** What a member agrees to when sharing their card; a change of these words asks everyone again. */
  consentText: string;
  /** Whether a member who has not signed this term's waiver may still sign up (an exec then sees the mark). */
  unsignedMaySignUp: boolean;
  /** Days after a membership ends before its card is removed. */
  keepDaysAfterMembership: number;
}

export const DEFAULT_SAFETY: SafetyDocument = {
  flags: ['Asthma', 'Allergy', 'Diabetes', 'Epilepsy', 'Heart condition'],
  consentText:
    'I agree that the club’s execs and administrators running my sessions may see my emergency contacts and health notes, on their phones and with no signal, to help me in an emergency.',
  unsignedMaySignUp: true,
  keepDaysAfterMembership: DEFAULT_SAFETY_KEEP_DAYS,
};

export const SAFETY_FLAGS_MAX = 20;
export const SAFETY_FLAG_MAX = 40;
export const SAFETY_KEEP_DAYS_MAX = 3650;
export const SAFETY_CONTACTS_MAX = 2;
export const SAFETY_NOTES_MAX = 1000;

/** Cards of the people on the sessions an exec runs in this many days go in the offline set; a device drops cards not refreshed for as long. */
export const SAFETY_OFFLINE_DAYS = 7;
export const SAFETY_OFFLINE_MS = SAFETY_OFFLINE_DAYS * 24 * 3_600_000;

/** Members are reminded of a missing card or signature this many days before a term starts. */
export const SAFETY_REMINDER_DAYS = 7;

/**
 * The terms a card or a signature may be for on `today`: the one today falls in, and `coming`, the one
 * SAFETY_REMINDER_DAYS ahead falls in (the same term but in the week before a new one starts). A card
 * confirmed or a waiver signed now is for `coming`: a member reminded before a term can answer for it.
 */
export function safetyTerms(terms: readonly TermDefinition[], today: string): { current: MembershipSession; coming: MembershipSession } {
  return { current: termOfDate(terms, today), coming: termOfDate(terms, addDays(today, SAFETY_REMINDER_DAYS)) };
}

/** Whether members missing a card or signature for `coming` are reminded today: it starts within SAFETY_REMINDER_DAYS. */
export function safetyReminderDue(coming: Pick<TermDefinition, 'start'>, today: string): boolean {
  return coming.start > today && coming.start <= addDays(today, SAFETY_REMINDER_DAYS);
}

/** A short fingerprint of a text (FNV-1a, 32 bits, hex): which consent wording a member agreed to. */
export function wordingMark(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * Whether `viewer` may receive `memberId`'s card: their own always; another's only while the viewer is
 * an exec or an administrator today (the role the server reads for every request), and only a card
 * the member agreed to share.
 */
export function maySeeCard(viewer: { id: number; role: Role }, memberId: number, shared: boolean): boolean {
  if (viewer.id === memberId) return true;
  return shared && hasRole(viewer.role, 'exec');
}

/** Whether a role may take the cards of others with it on a device at all (the offline set, the roster's marks). */
export function holdsOthersCards(role: Role): boolean {
  return hasRole(role, 'exec');
}

/** What the club knows of a member's card, for the rules below. */
export interface CardState {
  /** The term id in which the member last confirmed their card ('fall-2026'). */
  confirmedTerm: string;
  /** wordingMark of the consent the member agreed to, or null when they did not agree. */
  consentMark: string | null;
}

/** Why the club asks a member for their card now, or null when it need not. */
export type CardAsk = 'missing' | 'new-term' | 'consent-changed';

/** Asked once per term (joining and renewing; `termId` the coming one, safetyTerms), and again when the consent's words change. */
export function cardAsk(card: CardState | null, termId: string, consentText: string): CardAsk | null {
  if (!card) return 'missing';
  if (card.confirmedTerm !== termId) return 'new-term';
  if (card.consentMark !== null && card.consentMark !== wordingMark(consentText)) return 'consent-changed';
  return null;
}

/** A member's signature of the waiver: the version they signed and the term they signed it in. */
export interface WaiverSignature {
  version: string;
  termId: string;
}

/**
 * A signature holds for the term it was made for, and only of the waiver version in force (a wording
 * fix keeps it); `termIds`: the terms it may be for today (safetyTerms' current and coming).
 */
export function waiverValid(signature: WaiverSignature | null, currentVersion: string, termIds: readonly string[]): boolean {
  return signature !== null && signature.version === currentVersion && termIds.includes(signature.termId);
}

/**
 * Whether a member may sign up for a session, an event or a race: always when the club lets unsigned
 * members sign up (an exec sees the mark), else only with this term's waiver signed. `signed` may be
 * a function, read only when the club's choice needs it.
 */
export function maySignUpUnsigned(safety: Pick<SafetyDocument, 'unsignedMaySignUp'>, signed: boolean | (() => boolean)): boolean {
  return safety.unsignedMaySignUp || (typeof signed === 'function' ? signed() : signed);
}

/** Whether an answer to an event puts the member on its list (going or maybe): the answers the waiver rule applies to. */
export function rsvpJoinsList(status: RsvpStatus | null | undefined): boolean {
  return status === 'going' || status === 'maybe';
}

/**
 * Whether a card is due for removal: its membership ended (the last day was `expiryDate`) more than
 * `keepDays` ago. An account with no end date keeps it.
 */
export function cardExpired(expiryDate: string | null, today: string, keepDays: number): boolean {
  return expiryDate !== null && addDays(expiryDate, keepDays) < today;
}

/** The per-person mark a roster shows an exec. */
export interface SafetyMark {
  userId: number;
  /** A card the member agreed to share, with at least one contact. */
  contact: boolean;
  /** The card carries a health flag or note. */
  health: boolean;
  /** This term's waiver is signed. */
  waiver: boolean;
}
