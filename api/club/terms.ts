import type { TermDefinition } from '../../domain/calendar';
import type { AppDeps } from '../platform/context';
import { documentBody } from './documents';

/** The club's membership terms in force (the `terms` document): what every term rule on the server reads. */
export function clubTerms(deps: AppDeps): readonly TermDefinition[] {
  return documentBody(deps, 'terms').terms;
}
