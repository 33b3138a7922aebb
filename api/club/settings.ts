// The club's settings as the rest of the server reads them: each the body in force of its document
// (documents.ts), so an administrator's change applies to the next request everywhere at once.
import type { RuleNumbers } from '../../domain/rules';
import type { SportsDocument } from '../../domain/sports';
import type { AppDeps } from '../platform/context';
import { documentBody } from './documents';

/** The attendance rules' numbers in force. */
export function clubRules(deps: AppDeps): RuleNumbers {
  return documentBody(deps, 'rules');
}

/** The workout types and the forum's filters in force (Admin → Sports). */
export function clubSports(deps: AppDeps): SportsDocument {
  return documentBody(deps, 'sports');
}

/**
 * The club's time zone in force, for the composition root to hand over as `deps.timeZoneSetting`;
 * everything else reads the zone with clubTimeZone(deps) (api/platform/club-time-zone.ts).
 */
export function timeZoneSetting(deps: AppDeps): string {
  return documentBody(deps, 'time-zone').timeZone;
}
