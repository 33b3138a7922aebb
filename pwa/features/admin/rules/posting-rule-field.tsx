// Admin → Rules: how soon before its start a new workout may be posted (the `rules` document's
// postingNoticeMinutes, domain/rules.ts): "From tomorrow", the default, or from a number of minutes
// before its start. The draft keeps the number typed while "From tomorrow" is chosen.
import { useId } from 'react';
import { RULE_NUMBER_LABELS } from '../../../../domain/contract/club/club-documents-schemas';
import { RULE_NUMBER_BOUNDS, ruleText, type RuleNumbers } from '../../../../domain/rules';
import { FormField } from '../../../components/form-field';
import { typedNumber } from '../../../lib/forms/problems';

export interface PostingDraft {
  postingFrom: 'tomorrow' | 'minutes';
  postingNoticeMinutes: string;
}

export function postingDraftOf(rules: RuleNumbers): PostingDraft {
  const minutes = rules.postingNoticeMinutes;
  return minutes === undefined ? { postingFrom: 'tomorrow', postingNoticeMinutes: '' } : { postingFrom: 'minutes', postingNoticeMinutes: String(minutes) };
}

/** The document's part of the draft: the minutes typed, or nothing for "From tomorrow". */
export function postingNumbers(draft: PostingDraft): Pick<RuleNumbers, 'postingNoticeMinutes'> {
  return draft.postingFrom === 'minutes' ? { postingNoticeMinutes: typedNumber(draft.postingNoticeMinutes) } : {};
}

/** 'From tomorrow' or 'From 90 minutes before its start', for the history and a newer version. */
export function postingSummary(rules: RuleNumbers): string {
  const minutes = rules.postingNoticeMinutes;
  return minutes === undefined ? 'From tomorrow' : `From ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} before its start`;
}

interface Props {
  draft: PostingDraft;
  onChange: (next: PostingDraft) => void;
  /** The number's message (typed, or the server's refusal naming the field). */
  error: string | undefined;
  /** The rules the preview words: the draft's when valid, else the ones in force. */
  preview: RuleNumbers;
}

/** The choice, with the number beside its option and what New Workout will say. */
export function PostingRuleField({ draft, onChange, error, preview }: Props) {
  const id = useId();
  const { min, max } = RULE_NUMBER_BOUNDS.postingNoticeMinutes;
  const minutes = draft.postingFrom === 'minutes';
  return (
    <fieldset className="rules-admin__posting">
      <legend>How soon a workout may be posted</legend>
      <label className="rules-admin__choice">
        <input type="radio" name={`${id}-from`} checked={!minutes} onChange={() => onChange({ ...draft, postingFrom: 'tomorrow' })} />
        From tomorrow
      </label>
      <label className="rules-admin__choice">
        <input type="radio" name={`${id}-from`} checked={minutes} onChange={() => onChange({ ...draft, postingFrom: 'minutes' })} />
        From N minutes before its start
      </label>
      <FormField label={`${RULE_NUMBER_LABELS.postingNoticeMinutes} (N)`} error={error} hint={`${min}–${max}`}>
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            value={draft.postingNoticeMinutes}
            disabled={!minutes}
            onChange={(e) => onChange({ ...draft, postingNoticeMinutes: e.target.value })}
          />
        )}
      </FormField>
      <p className="hint" aria-live="polite">
        New Workout will say: {ruleText(preview).postingRule}
      </p>
    </fieldset>
  );
}
