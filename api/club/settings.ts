// The club's settings as the rest of the server reads them: each the body in force of its document
// (documents.ts), so an administrator's change applies to the next request everywhere at once.
import type { RuleNumbers } from '../../domain/rules';
import type { SportsDocument } from '../../domain/sports';
import type { DutiesDocument } from '../../domain/people/duties';
import type { SafetyDocument } from '../../domain/people/safety';
import type { AppDeps } from '../platform/context';
import type { ClubRegion } from '../../domain/region/club-region';
import { clubFormat, type ClubFormat } from '../../domain/region/club-format';
import { readPhone } from '../../domain/region/phone';
import { keepingKept, type PhoneReader } from '../../domain/contract/common';
import { documentBody } from './documents';

/** The attendance rules' numbers in force. */
export function clubRules(deps: AppDeps): RuleNumbers {
  return documentBody(deps, 'rules');
}

/** The kinds of duty and the cut-off for giving one up in force (the `duties` document). */
export function clubDuties(deps: AppDeps): DutiesDocument {
  return documentBody(deps, 'duties');
}

/** The health flags, the consent's words and the club's choices around safety cards in force (the `safety` document). */
export function clubSafety(deps: AppDeps): SafetyDocument {
  return documentBody(deps, 'safety');
}

/** The workout types and the forum's filters in force (Admin → Sports). */
export function clubSports(deps: AppDeps): SportsDocument {
  return documentBody(deps, 'sports');
}

/** The club's country and language in force (Admin → Rules). */
export function clubRegion(deps: AppDeps): ClubRegion {
  return documentBody(deps, 'region');
}

/**
 * The club's dates and times as people read them, in its language in force: every email, push and
 * refusal the server words takes its dates from here, so a change of language applies to the next one.
 */
export function clubDates(deps: AppDeps): ClubFormat {
  return clubFormat(clubRegion(deps).locale);
}

/**
 * How the server reads a phone number typed for the club: against the club's country in force, kept as
 * E.164. `kept` is the number the account holds: sent back as it is (a form saved with the number
 * untouched), it stays as kept, so a number stored in an older form is never rewritten by a guess.
 */
export function clubPhoneReader(deps: AppDeps, kept?: string | null): PhoneReader {
  const { country } = clubRegion(deps);
  return keepingKept((typed) => readPhone(typed, country), kept);
}
