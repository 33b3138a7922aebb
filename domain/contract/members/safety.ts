// Safety cards and the season's waiver: the answers' shapes, the words of their refusals and the
// request schemas. The rules (who may see a card, when it is asked for, a signature's term) are
// domain/people/safety.ts.
import { z } from 'zod';
import { phoneIssue, keptPhone, type PhoneReader } from '../common';
import { SAFETY_CONTACTS_MAX, SAFETY_FLAG_MAX, SAFETY_FLAGS_MAX, SAFETY_NOTES_MAX, type CardAsk, type SafetyMark } from '../../people/safety';

export type { SafetyMark } from '../../people/safety';

export const SAFETY_CONTACT_NAME_MAX = 100;
export const SAFETY_RELATION_MAX = 40;
export const WAIVER_NAME_MAX = 100;

export const SAFETY_CARD_NOT_FOUND = 'No safety card to show';
export const SAFETY_PLACE_QUERY_ERROR = 'Name a workout, event or race: ?place=workout&id=12';
export const SAFETY_NOT_FOUND = 'Not found';
export const WAIVER_VERSION_CHANGED = 'The waiver has a new version. Please read it and sign again.';
export const WAIVER_UNSIGNED_ERROR = 'Sign this term’s waiver in your profile before signing up';
export const WAIVER_NAME_ERROR = 'Type your full name to sign';
export const SAFETY_CONSENT_REQUIRED = 'Agree to share your card with the execs running your sessions, or leave the card empty';

/** One emergency contact, the phone kept in E.164 as members' numbers are. */
export interface EmergencyContact {
  name: string;
  relation: string;
  phone: string;
}

/** A member's card as they keep it (their own) or as an exec receives it. */
export interface SafetyCard {
  user_id: number;
  name: string;
  contacts: EmergencyContact[];
  /** Health flags from the club's list. */
  flags: string[];
  notes: string;
  /** When the member last changed or confirmed it (epoch ms). */
  updated_at: number;
  /** This term's waiver is signed. */
  waiver_signed: boolean;
}

/** One time someone opened the member's card: who, when, and how. */
export interface SafetyOpening {
  opened_by: string;
  /** epoch ms */
  opened_at: number;
  /** 'online': opened on a connected phone; 'offline': opened with no signal and told later; 'csv': in a race's emergency list. */
  how: 'online' | 'offline' | 'csv';
}

/** GET /safety/me and the answer of every write of one's own card or signature. */
export interface MySafetyAnswer {
  card: SafetyCard | null;
  /** Whether the member agreed to the consent's current words. */
  consented: boolean;
  /** Why the club asks for the card now, or null. */
  ask: CardAsk | null;
  /** The club's health flags and the consent's words. */
  flags: string[];
  consent_text: string;
  waiver: {
    /** The version in force ('3'). */
    version: string;
    signed: boolean;
    signed_at: number | null;
    full_name: string | null;
  };
  openings: SafetyOpening[];
}

/** GET /safety/cards/:userId (an exec or administrator): the card, its opening recorded. */
export interface SafetyCardAnswer {
  card: SafetyCard;
}

/** GET /safety/marks?place=…&id=…: the roster's marks, one per person on it. */
export interface SafetyMarksAnswer {
  marks: SafetyMark[];
}

/** POST /safety/openings: an opening made with no signal, told once. */
export interface SafetyOpeningRecordedAnswer {
  recorded: true;
}

/** What a roster is of. */
export const SAFETY_PLACES = ['workout', 'event', 'race'] as const;
export type SafetyPlace = (typeof SAFETY_PLACES)[number];

const line = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** PUT /safety/me: the card whole (a newer one replaces it); each phone read for the club's country. */
export function safetyCardSchema(readPhone: PhoneReader) {
  const contact = z
    .object({ name: line('The contact’s name', SAFETY_CONTACT_NAME_MAX), relation: line('The relation', SAFETY_RELATION_MAX), phone: line('The phone number', 40) })
    .superRefine((v, ctx) => {
      const problem = phoneIssue(readPhone, v.phone);
      if (problem) ctx.addIssue({ code: 'custom', path: ['phone'], message: problem });
    })
    .transform((v) => ({ ...v, phone: keptPhone(readPhone, v.phone) }));
  return z.object({
    contacts: z
      .array(contact, { error: 'Give one or two emergency contacts' })
      .min(1, 'Give at least one emergency contact')
      .max(SAFETY_CONTACTS_MAX, `Give at most ${SAFETY_CONTACTS_MAX} emergency contacts`),
    flags: z
      .array(z.string().trim().min(1).max(SAFETY_FLAG_MAX), { error: 'Health flags must be a list' })
      .max(SAFETY_FLAGS_MAX)
      .default([]),
    notes: z.string({ error: 'Health notes must be text' }).trim().max(SAFETY_NOTES_MAX, `Health notes are at most ${SAFETY_NOTES_MAX} characters`).default(''),
    consent: z.literal(true, { error: SAFETY_CONSENT_REQUIRED }),
  });
}
export type SafetyCardInput = z.infer<ReturnType<typeof safetyCardSchema>>;
export type SafetyCardBody = z.input<ReturnType<typeof safetyCardSchema>>;

/** POST /safety/waiver: the typed full name and the version read. */
export const waiverSignatureSchema = z.object({
  fullName: z.string({ error: WAIVER_NAME_ERROR }).trim().min(2, WAIVER_NAME_ERROR).max(WAIVER_NAME_MAX, `Your name is at most ${WAIVER_NAME_MAX} characters`),
  version: z.string({ error: WAIVER_VERSION_CHANGED }).min(1, WAIVER_VERSION_CHANGED).max(20),
});
export type WaiverSignatureInput = z.infer<typeof waiverSignatureSchema>;

/** POST /safety/openings: whose card was opened with no signal, and when (epoch ms, on the device's clock). */
export const safetyOpeningSchema = z.object({
  userId: z.number({ error: 'userId must be a number' }).int().positive(),
  openedAt: z.number({ error: 'openedAt must be a time' }).int().nonnegative(),
});
export type SafetyOpeningInput = z.infer<typeof safetyOpeningSchema>;
