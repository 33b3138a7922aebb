// Safety cards (Admin → Rules): the `safety` document, the health flags a member may tick on their
// card, the consent they agree to (new words ask everyone again), whether a member who has not signed
// this term's waiver may still sign up, and how long a card outlives a membership.
import { SAFETY_FLAG_MAX, SAFETY_KEEP_DAYS_MAX, type SafetyDocument } from '../../../../domain/people/safety';
import { FormField } from '../../../components/form-field';
import { typedNumber } from '../../../lib/forms/problems';
import { DocumentFrame } from '../common/document-frame';
import { useDocumentEditor } from '../common/use-document-editor';
import { TextListField, WholeNumberField } from './setting-fields';

interface Draft {
  flags: string[];
  consentText: string;
  unsignedMaySignUp: boolean;
  keepDaysAfterMembership: string;
}

const FIELDS = ['flags', 'consentText', 'unsignedMaySignUp', 'keepDaysAfterMembership'];

const toDraft = (body: SafetyDocument): Draft => ({
  ...body,
  flags: [...body.flags],
  keepDaysAfterMembership: String(body.keepDaysAfterMembership),
});
const toBody = (draft: Draft): SafetyDocument => ({
  ...draft,
  keepDaysAfterMembership: typedNumber(draft.keepDaysAfterMembership),
});

export function SafetySettingsForm() {
  const editor = useDocumentEditor('safety', { what: 'safety card settings', toForm: toDraft, toBody });
  return (
    <section className="card" aria-labelledby="safety-settings-title">
      <h2 id="safety-settings-title">Safety cards</h2>
      <DocumentFrame
        editor={editor}
        className="form rules-admin__form"
        saveLabel="Save safety card settings"
        savedNotice="Safety card settings saved: they apply at once; new consent words ask every member to agree again."
        theirs={({ body }) =>
          `Another administrator set the health flags to ${body.flags.join(', ') || 'none'}, ${body.unsignedMaySignUp ? 'let' : 'stopped'} unsigned members sign up and kept cards ${body.keepDaysAfterMembership} days while you were editing.`
        }
        showsField={(path) => FIELDS.includes(path.split('.')[0]!)}
      >
        {(draft) => (
          <>
            <TextListField
              legend="Health flags"
              hint="What a member may tick on their safety card; notes stay free text. A card keeps a flag already ticked."
              noun="Flag"
              addLabel="Add a health flag"
              items={draft.flags}
              maxLength={SAFETY_FLAG_MAX}
              path="flags"
              errorAt={editor.errorAt}
              onChange={(change) => editor.setDraft((d) => ({ ...d, flags: change(d.flags) }))}
            />
            <FormField
              label="What a member agrees to when sharing their card"
              error={editor.errorAt('consentText')}
              hint="Changing these words asks every member to agree again."
            >
              {(control) => (
                <textarea
                  {...control}
                  rows={4}
                  maxLength={2000}
                  value={draft.consentText}
                  onChange={(e) => editor.setDraft((d) => ({ ...d, consentText: e.target.value }))}
                />
              )}
            </FormField>
            <label className="admin-checkbox">
              <input
                type="checkbox"
                checked={draft.unsignedMaySignUp}
                onChange={(e) => editor.setDraft((d) => ({ ...d, unsignedMaySignUp: e.target.checked }))}
              />
              <span>
                A member who has not signed this term’s waiver may still sign up for workouts, events and
                races (execs see the mark)
              </span>
            </label>
            {editor.errorAt('unsignedMaySignUp') && (
              <p className="field-error" role="alert">
                {editor.errorAt('unsignedMaySignUp')}
              </p>
            )}
            <WholeNumberField
              label="Days a card is kept after a membership ends"
              hint={`0–${SAFETY_KEEP_DAYS_MAX}; then the card is removed.`}
              max={SAFETY_KEEP_DAYS_MAX}
              value={draft.keepDaysAfterMembership}
              error={editor.errorAt('keepDaysAfterMembership')}
              onChange={(keepDaysAfterMembership) =>
                editor.setDraft((d) => ({ ...d, keepDaysAfterMembership }))
              }
            />
          </>
        )}
      </DocumentFrame>
    </section>
  );
}
