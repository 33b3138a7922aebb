// A member's own safety card and waiver signature: read, written, removed and signed, and the one
// mapper to a SafetyCard. Who else may see a card is decided in openings.ts, by domain/people/safety.ts.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { safetyCards, waiverSignatures, type SafetyCardRow, type UserRow } from '../../db/schema';
import { clubToday } from '../../domain/clock';
import { WAIVER_UNSIGNED_ERROR, WAIVER_VERSION_CHANGED, type EmergencyContact, type MySafetyAnswer, type SafetyCard, type SafetyCardInput, type WaiverSignatureInput } from '../../domain/contract/members/safety';
import { cardAsk, maySignUpUnsigned, safetyTerms, waiverValid, wordingMark } from '../../domain/people/safety';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { clubTimeZone } from '../platform/club-time-zone';
import { clubSafety } from '../club/settings';
import { clubTerms } from '../club/terms';
import { currentWaiverVersion } from '../club/pages/charter';
import { openingsOf } from './openings';

/** The terms a card or signature may be for today, and the one a new one is for (`coming`): domain/people/safety.ts. */
export function termsNow(deps: AppDeps) {
  return safetyTerms(clubTerms(deps), clubToday(deps.clock(), clubTimeZone(deps)));
}

/** The members of `ids` who signed the waiver in force this term. */
export function signedThisTerm(deps: AppDeps, ids: readonly number[]): Set<number> {
  if (ids.length === 0) return new Set();
  const version = currentWaiverVersion(deps);
  const { current, coming } = termsNow(deps);
  const terms = [current.id, coming.id];
  const rows = deps.database.db
    .select({ userId: waiverSignatures.userId, version: waiverSignatures.version, termId: waiverSignatures.termId })
    .from(waiverSignatures)
    .where(and(inArray(waiverSignatures.userId, [...ids]), inArray(waiverSignatures.termId, terms)))
    .all();
  return new Set(rows.filter((r) => waiverValid(r, version, terms)).map((r) => r.userId));
}

/** The one mapper to a SafetyCard. */
export function toCard(row: SafetyCardRow, name: string, waiverSigned: boolean): SafetyCard {
  return {
    user_id: row.userId,
    name,
    contacts: JSON.parse(row.contacts) as EmergencyContact[],
    flags: JSON.parse(row.flags) as string[],
    notes: row.notes,
    updated_at: row.updatedAt,
    waiver_signed: waiverSigned,
  };
}

export function cardRowOf(deps: AppDeps, userId: number): SafetyCardRow | undefined {
  return deps.database.db.select().from(safetyCards).where(eq(safetyCards.userId, userId)).get();
}

/** GET /safety/me: the member's card, why the club asks for it, the waiver's state and who opened the card. */
export function mySafety(deps: AppDeps, user: UserRow): MySafetyAnswer {
  const safety = clubSafety(deps);
  const row = cardRowOf(deps, user.id);
  const { current, coming } = termsNow(deps);
  const version = currentWaiverVersion(deps);
  const last = deps.database.db
    .select()
    .from(waiverSignatures)
    .where(eq(waiverSignatures.userId, user.id))
    .orderBy(desc(waiverSignatures.signedAt), desc(waiverSignatures.id))
    .get();
  const signed = last !== undefined && waiverValid(last, version, [current.id, coming.id]);
  return {
    card: row ? toCard(row, user.name, signed) : null,
    consented: row?.consentMark === wordingMark(safety.consentText),
    ask: cardAsk(row ? { confirmedTerm: row.confirmedTerm, consentMark: row.consentMark } : null, coming.id, safety.consentText),
    flags: safety.flags,
    consent_text: safety.consentText,
    waiver: { version, signed, signed_at: signed ? last.signedAt : null, full_name: signed ? last.fullName : null },
    openings: openingsOf(deps, user.id),
  };
}

/** PUT /safety/me: the card whole, confirmed for this term, with consent to the words in force. */
export function saveCard(deps: AppDeps, user: UserRow, input: SafetyCardInput): MySafetyAnswer {
  const safety = clubSafety(deps);
  // Only the club's own flags: a flag the club dropped since goes with the next save.
  const flags = [...new Set(input.flags)].filter((f) => safety.flags.includes(f));
  const values = {
    contacts: JSON.stringify(input.contacts.map(({ name, relation, phone }) => ({ name, relation, phone }))),
    flags: JSON.stringify(flags),
    notes: input.notes,
    consentMark: wordingMark(safety.consentText),
    confirmedTerm: termsNow(deps).coming.id,
    updatedAt: deps.clock(),
  };
  deps.database.db
    .insert(safetyCards)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: safetyCards.userId, set: values })
    .run();
  return mySafety(deps, user);
}

/** DELETE /safety/me: the card goes (the record of who opened it stays the member's to read). */
export function removeCard(deps: AppDeps, user: UserRow): MySafetyAnswer {
  deps.database.db.delete(safetyCards).where(eq(safetyCards.userId, user.id)).run();
  return mySafety(deps, user);
}

/** POST /safety/waiver: signed with the typed full name, for this term, of the version the member read. */
export function signWaiver(deps: AppDeps, user: UserRow, input: WaiverSignatureInput): MySafetyAnswer {
  const version = currentWaiverVersion(deps);
  if (input.version !== version) throw new ServiceError(409, WAIVER_VERSION_CHANGED);
  deps.database.db
    .insert(waiverSignatures)
    .values({ userId: user.id, version, termId: termsNow(deps).coming.id, fullName: input.fullName, signedAt: deps.clock() })
    .run();
  return mySafety(deps, user);
}

/** A sign-up by a member who has not signed this term's waiver, where the club does not allow it, is refused. */
export function refuseUnsignedSignup(deps: AppDeps, userId: number): void {
  if (!maySignUpUnsigned(clubSafety(deps), () => signedThisTerm(deps, [userId]).has(userId))) throw new ServiceError(409, WAIVER_UNSIGNED_ERROR);
}
