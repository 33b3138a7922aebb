// Duties (Admin → Rules): the `duties` document, the kinds of duty an exec may add to a session and the
// cut-off before its start after which a member may only swap a duty, not give it up. A duty already
// added keeps the kind it was given, whatever the list says later.
import { DUTY_GIVE_UP_HOURS_MAX, DUTY_KIND_MAX, type DutiesDocument } from '../../../../domain/people/duties';
import { FormField } from '../../../components/form-field';
import { typedNumber } from '../../../lib/forms/problems';
import { DocumentFrame } from '../common/document-frame';
import { useDocumentEditor } from '../common/use-document-editor';

interface Draft {
  kinds: string[];
  giveUpHours: string;
}

const toDraft = (body: DutiesDocument): Draft => ({ kinds: [...body.kinds], giveUpHours: String(body.giveUpHours) });
const toBody = (draft: Draft): DutiesDocument => ({ kinds: draft.kinds, giveUpHours: typedNumber(draft.giveUpHours) });

export function DutySettingsForm() {
  const editor = useDocumentEditor('duties', { what: 'duty settings', toForm: toDraft, toBody });
  return (
    <section className="card" aria-labelledby="duty-settings-title">
      <h2 id="duty-settings-title">Duties</h2>
      <DocumentFrame
        editor={editor}
        className="form rules-admin__form"
        saveLabel="Save duty settings"
        savedNotice="Duty settings saved: execs offer these kinds from now on, and the cut-off applies at once."
        theirs={({ body }) => `Another administrator set the kinds to ${body.kinds.join(', ')} and the cut-off to ${body.giveUpHours} hours while you were editing.`}
        showsField={(path) => ['kinds', 'giveUpHours'].includes(path.split('.')[0]!)}
      >
        {(draft) => {
          const setKinds = (change: (kinds: string[]) => string[]) => editor.setDraft((d) => ({ ...d, kinds: change(d.kinds) }));
          return (
            <>
              <fieldset className="rules-admin__kinds">
                <legend>Kinds of duty</legend>
                <p className="hint">What an exec may add to a workout, an event or a race. A duty already added keeps its kind.</p>
                {draft.kinds.map((kind, i) => (
                  <div key={i} className="rules-admin__kind">
                    <FormField label={`Kind ${i + 1}`} error={editor.errorAt(`kinds.${i}`)}>
                      {(control) => (
                        <input
                          {...control}
                          maxLength={DUTY_KIND_MAX}
                          value={kind}
                          onChange={(e) => setKinds((kinds) => kinds.map((k, j) => (j === i ? e.target.value : k)))}
                        />
                      )}
                    </FormField>
                    <button
                      type="button"
                      className="button button--small button--ghost"
                      aria-label={`Remove ${kind.trim() || `kind ${i + 1}`}`}
                      onClick={() => setKinds((kinds) => kinds.filter((_, j) => j !== i))}
                    >
                      Remove
                    </button>
                  </div>
                ))}
                {editor.errorAt('kinds') && (
                  <p className="field-error" role="alert">
                    {editor.errorAt('kinds')}
                  </p>
                )}
                <button type="button" className="button button--small button--ghost" onClick={() => setKinds((kinds) => [...kinds, ''])}>
                  Add a kind of duty
                </button>
              </fieldset>
              <FormField
                label="Hours before the start a member may still give a duty up"
                error={editor.errorAt('giveUpHours')}
                hint={`0–${DUTY_GIVE_UP_HOURS_MAX}; after that, the member asks for a swap instead.`}
              >
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={DUTY_GIVE_UP_HOURS_MAX}
                    step={1}
                    value={draft.giveUpHours}
                    onChange={(e) => editor.setDraft((d) => ({ ...d, giveUpHours: e.target.value }))}
                  />
                )}
              </FormField>
            </>
          );
        }}
      </DocumentFrame>
    </section>
  );
}
