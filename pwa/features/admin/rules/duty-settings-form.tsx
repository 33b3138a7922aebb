// Duties (Admin → Rules): the `duties` document, the kinds of duty an exec may add to a session and the
// cut-off before its start after which a member may only swap a duty, not give it up. A duty already
// added keeps the kind it was given, whatever the list says later.
import { DUTY_GIVE_UP_HOURS_MAX, DUTY_KIND_MAX, type DutiesDocument } from '../../../../domain/people/duties';
import { typedNumber } from '../../../lib/forms/problems';
import { DocumentFrame } from '../common/document-frame';
import { TextListField, WholeNumberField } from './setting-fields';
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
        {(draft) => (
            <>
              <TextListField
                legend="Kinds of duty"
                hint="What an exec may add to a workout, an event or a race. A duty already added keeps its kind."
                noun="Kind"
                addLabel="Add a kind of duty"
                items={draft.kinds}
                maxLength={DUTY_KIND_MAX}
                path="kinds"
                errorAt={editor.errorAt}
                onChange={(change) => editor.setDraft((d) => ({ ...d, kinds: change(d.kinds) }))}
              />
              <WholeNumberField
                label="Hours before the start a member may still give a duty up"
                hint={`0–${DUTY_GIVE_UP_HOURS_MAX}; after that, the member asks for a swap instead.`}
                max={DUTY_GIVE_UP_HOURS_MAX}
                value={draft.giveUpHours}
                error={editor.errorAt('giveUpHours')}
                onChange={(giveUpHours) => editor.setDraft((d) => ({ ...d, giveUpHours }))}
              />
            </>
        )}
      </DocumentFrame>
    </section>
  );
}
