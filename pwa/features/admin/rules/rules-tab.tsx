import { useState } from 'react';
import { RULE_NUMBER_LABELS } from '../../../../domain/contract/club-documents-schemas';
import { RULE_NUMBER_BOUNDS, ruleText, type RuleNumbers } from '../../../../domain/rules';
import { FormField } from '../../../components/form-field';
import { setClubRules } from '../../../lib/club/club-rules';
import { DocumentFrame } from '../common/document-frame';
import { useDocumentEditor } from '../common/use-document-editor';
import { TimeZoneSection } from './time-zone-section';
import { RuleHistory } from './rules-history';
import './rules.css';

const FIELDS = Object.keys(RULE_NUMBER_LABELS) as (keyof RuleNumbers)[];
type Draft = Record<keyof RuleNumbers, string>;

const toDraft = (rules: RuleNumbers): Draft => ({
  lateCancelHours: String(rules.lateCancelHours),
  absencesBeforeSuspension: String(rules.absencesBeforeSuspension),
  suspensionDays: String(rules.suspensionDays),
});

/** A field's own message before anything is sent: the server says the same of the same input. */
function fieldProblem(key: keyof RuleNumbers, text: string): string | undefined {
  const { min, max } = RULE_NUMBER_BOUNDS[key];
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
    return `${RULE_NUMBER_LABELS[key]} must be a whole number from ${min} to ${max}`;
  }
  return undefined;
}

/** The numbers, when every field holds one within its bounds. */
function toNumbers(draft: Draft): RuleNumbers | null {
  if (FIELDS.some((k) => fieldProblem(k, draft[k]))) return null;
  return { lateCancelHours: Number(draft.lateCancelHours), absencesBeforeSuspension: Number(draft.absencesBeforeSuspension), suspensionDays: Number(draft.suspensionDays) };
}

/** Admin → Rules: the attendance rules' numbers, what members will read, every change made, and where the club is. */
export function RulesTab() {
  const editor = useDocumentEditor('rules', { toForm: toDraft, failed: 'The rules were not saved' });
  const [shown, setShown] = useState<Partial<Record<keyof RuleNumbers, string>>>({});
  const refusedAt = (key: keyof RuleNumbers) => shown[key] ?? (editor.refused?.field === key ? editor.refused.message : undefined);

  async function save() {
    const numbers = toNumbers(editor.draft!);
    if (!numbers) {
      setShown(Object.fromEntries(FIELDS.map((k) => [k, fieldProblem(k, editor.draft![k])])));
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
        theirs={(newer) => <p>Their numbers: {FIELDS.map((k) => `${RULE_NUMBER_LABELS[k]} ${newer.body[k]}`).join('; ')}.</p>}
        showsField={(field) => (FIELDS as string[]).includes(field)}
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
