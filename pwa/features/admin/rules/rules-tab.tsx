import { RULE_NUMBER_LABELS } from '../../../../domain/contract/club/club-documents-schemas';
import { RULE_NUMBER_BOUNDS, ruleText, type RuleNumbers } from '../../../../domain/rules';
import { FormField } from '../../../components/form-field';
import { setClubRules } from '../../../lib/club/club-rules';
import { typedNumber } from '../../../lib/forms/problems';
import { DocumentFrame } from '../common/document-frame';
import { useDocumentEditor } from '../common/use-document-editor';
import { TimeZoneSection } from './time-zone-section';
import { PaymentSettingsForm } from './payment-settings-form';
import { DutySettingsForm } from './duty-settings-form';
import { SafetySettingsForm } from './safety-settings-form';
import { RuleHistory } from './rules-history';
import { PostingRuleField, postingDraftOf, postingNumbers, postingSummary, type PostingDraft } from './posting-rule-field';
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

/** The document the draft makes: the numbers typed, for the document's schema to check. */
const toNumbers = (draft: Draft): RuleNumbers => ({
  lateCancelHours: typedNumber(draft.lateCancelHours),
  absencesBeforeSuspension: typedNumber(draft.absencesBeforeSuspension),
  suspensionDays: typedNumber(draft.suspensionDays),
  ...postingNumbers(draft),
});

/** Admin → Rules: the rules' numbers, what members will read, every change made, and where the club is. */
export function RulesTab() {
  // This device words the rules at once; the others with their next /api/config.
  const editor = useDocumentEditor('rules', { what: 'rules', toForm: toDraft, toBody: toNumbers, onPublished: (saved) => setClubRules(saved.body) });

  return (
    <div className="rules-admin">
      <DocumentFrame
        editor={editor}
        className="card form rules-admin__form"
        savedNotice="Rules saved: they apply from now on."
        theirs={({ body }) =>
          `Their numbers: ${FIELDS.map((k) => `${RULE_NUMBER_LABELS[k]} ${body[k]}`).join('; ')}; a workout may be posted: ${postingSummary(body).toLowerCase()}.`
        }
        showsField={(path) => (FIELDS as readonly string[]).includes(path) || path === 'postingNoticeMinutes'}
      >
        {(draft, origin) => {
          // What members will read: the numbers typed once they would pass, else the ones in force.
          const preview = editor.valid(toNumbers(draft)) ?? origin.body;
          return (
            <>
              <p className="hint">
                The server applies these from the moment they are saved: absences and suspensions already counted stay as they were.
              </p>
              {FIELDS.map((key) => (
                <FormField key={key} label={RULE_NUMBER_LABELS[key]} error={editor.errorAt(key)} hint={`${RULE_NUMBER_BOUNDS[key].min}–${RULE_NUMBER_BOUNDS[key].max}`}>
                  {(control) => (
                    <input
                      {...control}
                      type="number"
                      inputMode="numeric"
                      min={RULE_NUMBER_BOUNDS[key].min}
                      max={RULE_NUMBER_BOUNDS[key].max}
                      step={1}
                      value={draft[key]}
                      onChange={(e) => editor.setDraft((d) => ({ ...d, [key]: e.target.value }))}
                    />
                  )}
                </FormField>
              ))}
              <MembersWillRead numbers={preview} />
              <PostingRuleField
                draft={draft}
                error={editor.errorAt('postingNoticeMinutes')}
                preview={preview}
                onChange={(next) => editor.setDraft((d) => ({ ...d, ...next }))}
              />
            </>
          );
        }}
      </DocumentFrame>
      <RuleHistory />
      <TimeZoneSection />
      <PaymentSettingsForm />
      <DutySettingsForm />
      <SafetySettingsForm />
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
