// The one check of a number typed on Admin → Rules, before anything is sent: the server says the
// same of the same input (domain/contract/club/club-documents-schemas.ts).
import { RULE_NUMBER_LABELS } from '../../../../domain/contract/club/club-documents-schemas';
import { RULE_NUMBER_BOUNDS, type RuleNumbers } from '../../../../domain/rules';

/** A field's own message, or undefined when the text is a whole number within the rule's bounds. */
export function numberProblem(key: keyof RuleNumbers, text: string): string | undefined {
  const { min, max } = RULE_NUMBER_BOUNDS[key];
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
    return `${RULE_NUMBER_LABELS[key]} must be a whole number from ${min} to ${max}`;
  }
  return undefined;
}
