import { useState } from 'react';
import { RULE_NUMBER_LABELS } from '../../../../domain/contract/club/club-documents-schemas';
import { RULE_NUMBER_BOUNDS, ruleText, type RuleNumbers } from '../../../../domain/rules';
import { FormField } from '../../../components/form-field';
import { setClubRules } from '../../../lib/club/club-rules';
import { DocumentFrame } from '../common/document-frame';
import { useDocumentEditor } from '../common/use-document-editor';
import { TimeZoneSection } from './time-zone-section';
import { RuleHistory } from './rules-history';
import { numberProblem } from './rule-numbers';
import { PostingRuleField, postingDraftOf, postingNumbers, postingProblem, postingSummary, type PostingDraft } from './posting-rule-field';
import './rules.css';

/** The attendance rules' numbers, one field each (how soon a workout may be posted is a choice of its own). */
const FIELDS = ['lateCancelHours', 'absencesBeforeSuspension', 'suspensionDays'] as const satisfies readonly (keyof RuleNumbers)[];
type Counted = (typeof FIELDS)[number];
type Draft = Record<Counted, string> & PostingDraft;

const toDraft = (rules: RuleNumbers): Draft => ({
  lateCancelHours: String(rules.lateCancelHours),
  absencesBeforeSuspension: String(rules.absencesBeforeSuspension),
  suspensionDays: String(rules.suspensionDays),
  ...postingDraftOf(rules),
});

/** The numbers, when every field holds one within its bounds. */
function toNumbers(draft: Draft): RuleNumbers | null {
  if (FIELDS.some((k) => numberProblem(k, draft[k])) || postingProblem(draft)) return null;
  return {
    lateCancelHours: Number(draft.lateCancelHours),
    absencesBeforeSuspension: Number(draft.absencesBeforeSuspension),
    suspensionDays: Number(draft.suspensionDays),
    ...postingNumbers(draft),
  };
}

/** Admin → Rules: the rules' numbers, what members will read, every change made, and where the club is. */
export function RulesTab() {
  const editor = useDocumentEditor('rules', { toForm: toDraft, failed: 'The rules were not saved' });
  const [shown, setShown] = useState<Partial<Record<keyof RuleNumbers, string>>>({});
  const refusedAt = (key: keyof RuleNumbers) => shown[key] ?? (editor.refused?.field === key ? editor.refused.message : undefined);

  async function save() {
    const numbers = toNumbers(editor.draft!);
    if (!numbers) {
      setShown({
        ...Object.fromEntries(FIELDS.map((k) => [k, numberProblem(k, editor.draft![k])])),
        postingNoticeMinutes: postingProblem(editor.draft!),
      });
      return;
    }
    // This device words the rules at once; the others with their next /api/config.
    if (await editor.publish(numbers)) setClubRules(numbers);
  }

  return (
    <div className="rules-admin">
      <DocumentFrame
        editor={editor}
        className="card form rules-admin__form"
        loading="Loading the rules…"
        loadFailed="Failed to load the rules"
        saveLabel="Save"
        savedNotice="Rules saved: they apply from now on."
        onSave={save}
        newerLabel="The newer rules"
        theirs={(newer) => (
          <p>
            Their numbers: {FIELDS.map((k) => `${RULE_NUMBER_LABELS[k]} ${newer.body[k]}`).join('; ')}; a workout may be posted:{' '}
            {postingSummary(newer.body).toLowerCase()}.
          </p>
        )}
        showsField={(field) => (FIELDS as readonly string[]).includes(field) || field === 'postingNoticeMinutes'}
      >
        {(draft, origin) => (
          <>
            <p className="hint">
              The server applies these from the moment they are saved: absences and suspensions already counted stay as they were.
            </p>
            {FIELDS.map((key) => (
              <FormField key={key} label={RULE_NUMBER_LABELS[key]} error={refusedAt(key)} hint={`${RULE_NUMBER_BOUNDS[key].min}–${RULE_NUMBER_BOUNDS[key].max}`}>
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={RULE_NUMBER_BOUNDS[key].min}
                    max={RULE_NUMBER_BOUNDS[key].max}
                    step={1}
                    value={draft[key]}
                    onChange={(e) => {
                      editor.setDraft((d) => ({ ...d, [key]: e.target.value }));
                      setShown((s) => ({ ...s, [key]: undefined }));
                    }}
                  />
                )}
              </FormField>
            ))}
            <MembersWillRead numbers={toNumbers(draft) ?? origin.body} />
            <PostingRuleField
              draft={draft}
              error={refusedAt('postingNoticeMinutes')}
              preview={toNumbers(draft) ?? origin.body}
              onChange={(next) => {
                editor.setDraft((d) => ({ ...d, ...next }));
                setShown((s) => ({ ...s, postingNoticeMinutes: undefined }));
              }}
            />
          </>
        )}
      </DocumentFrame>
      <RuleHistory />
      <TimeZoneSection />
    </div>
  );
}

function MembersWillRead({ numbers }: { numbers: RuleNumbers }) {
  const words = ruleText(numbers);
  return (
    <div className="rules-admin__preview" aria-live="polite">
      <h2>Members will read</h2>
      <p>
        {words.lateCancel} {words.suspension}
      </p>
    </div>
  );
}
