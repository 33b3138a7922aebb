import { useId, useState, type ReactNode } from 'react';
import { DAYS, seasonId, withSessionTypeIds, type Season, type SeasonsDocument, type TrainingSession } from '../../../../domain/schedule';
import { defaultTypeId, offeredTypes } from '../../../../domain/sports';
import { clubSports, useClubSports } from '../../../lib/club/club-sports';
import { useConfirm } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/status';
import { DocumentFrame } from '../common/document-frame';
import { useDocumentEditor } from '../common/use-document-editor';
import './calendar.css';

/** A new session: Monday evening, of the type a new workout takes (the club's own types, Admin → Sports). */
const newSession = (): TrainingSession => ({ day: 'Monday', start: '18:00', end: '19:00', kind: defaultTypeId(clubSports()), title: '', place: '' });

/** Admin → Schedule: the training seasons, each with its weekly sessions and where-to-go notes. */
export function ScheduleTab() {
  // Sessions naming a sport by the timetable's own word ('ride') are edited, and saved, as the club's type ids.
  const editor = useDocumentEditor('seasons', { what: 'schedule', toForm: withSessionTypeIds });
  const [picked, setIndex] = useState<number | null>(null);
  const pickerId = useId();
  const { confirm, dialog } = useConfirm();
  const draft = editor.draft;
  // The season shown: the one picked (while the draft has it: theirs may have fewer), else the one the public page shows first.
  const first = draft ? Math.max(0, draft.seasons.findIndex((s) => s.id === draft.shownFirst)) : 0;
  const index = picked !== null && draft && picked < draft.seasons.length ? picked : first;
  const season = draft?.seasons[index];

  function update(next: (doc: SeasonsDocument) => void) {
    editor.setDraft((doc) => {
      const copy = structuredClone(doc);
      next(copy);
      return copy;
    });
  }
  const editSeason = (patch: Partial<Season>) => update((doc) => Object.assign(doc.seasons[index]!, patch));

  function addSeason() {
    if (!draft) return;
    const id = seasonId('New season', draft.seasons.map((s) => s.id));
    update((doc) => doc.seasons.push({ id, name: 'New season', from: '01-01', to: '03-31', summary: '', sessions: [], notes: [] }));
    setIndex(draft.seasons.length);
  }

  async function removeSeason() {
    if (!season) return;
    const sure = await confirm({
      title: `Remove ${season.name}?`,
      message: `The ${season.name} season and its ${season.sessions.length} weekly sessions leave the schedule when you save.`,
      confirmLabel: 'Remove season',
    });
    if (sure !== true) return;
    update((doc) => {
      doc.seasons.splice(index, 1);
      if (doc.shownFirst === season.id) doc.shownFirst = doc.seasons[0]?.id ?? '';
    });
    setIndex(0);
  }

  async function save() {
    const checked = editor.check(editor.draft!);
    if (!checked.problems) return editor.publish(checked.value);
    // The season of the first problem is shown, so its field is there to read it.
    const at = /^seasons\.(\d+)\./.exec(checked.problems[0]!.path);
    if (at) setIndex(Number(at[1]));
  }

  const messageAt = editor.errorAt;
  const base = `seasons.${index}`;
  // Shown beside its field: a field of the season on screen, and the first-shown season.
  const fields = new RegExp(`^seasons\\.${index}\\.(name|from|to|summary|sessions\\.\\d+\\.\\w+|notes\\.\\d+\\.(topic|text))$`);
  const shownHere = (path: string) => fields.test(path) || path === 'shownFirst';

  return (
    <DocumentFrame
      editor={editor}
      className="calendar-admin"
      savedNotice="Schedule saved."
      onSave={save}
      theirs={({ body }) => `Their seasons: ${body.seasons.map((s) => `${s.name} (${s.sessions.length} sessions a week)`).join('; ') || 'none'}.`}
      showsField={shownHere}
    >
      {(draft) => (
        <>
          <p className="hint">The seasons and weekly timetable shown on the public Schedule page; the demo week is drawn from them.</p>
          <div className="calendar-admin__actions calendar-admin__picker">
            <div className="field calendar-admin__field">
              <label htmlFor={pickerId}>Season</label>
              <select id={pickerId} value={index} onChange={(e) => setIndex(Number(e.target.value))}>
                {draft.seasons.map((s, i) => (
                  <option key={s.id} value={i}>
                    {s.name || 'Unnamed season'}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" className="button button--small button--ghost" onClick={addSeason}>
              Add a season
            </button>
          </div>

          {season && (
            <>
              <fieldset className="calendar-admin__year">
                <legend>{season.name || 'Unnamed season'}</legend>
                <div className="calendar-admin__row">
                  <TextField label="Name" value={season.name} error={messageAt(`${base}.name`)} onChange={(name) => editSeason({ name })} />
                  <TextField label="First day" hint="MM-DD" value={season.from} error={messageAt(`${base}.from`)} onChange={(from) => editSeason({ from })} />
                  <TextField label="Last day" hint="MM-DD" value={season.to} error={messageAt(`${base}.to`)} onChange={(to) => editSeason({ to })} />
                </div>
                <TextField label="Summary" value={season.summary} area error={messageAt(`${base}.summary`)} onChange={(summary) => editSeason({ summary })} />
                <label className="checkbox-line">
                  <input
                    type="checkbox"
                    checked={draft.shownFirst === season.id}
                    onChange={(e) =>
                      update(
                        (doc) =>
                          void (doc.shownFirst = e.target.checked
                            ? season.id
                            : doc.shownFirst === season.id
                              ? (doc.seasons.find((s) => s.id !== season.id)?.id ?? season.id)
                              : doc.shownFirst),
                      )
                    }
                  />{' '}
                  Show this season&rsquo;s tab first
                </label>
                {messageAt('shownFirst') && <ErrorMessage>{messageAt('shownFirst')}</ErrorMessage>}
              </fieldset>

              <fieldset className="calendar-admin__year">
                <legend>Weekly sessions</legend>
                {season.sessions.length === 0 && <p className="hint">No sessions yet.</p>}
                {season.sessions.map((session, j) => (
                  <SessionRow
                    key={j}
                    session={session}
                    label={`${session.day} ${session.start} ${session.title || 'new session'}`}
                    messageAt={(field) => messageAt(`${base}.sessions.${j}.${field}`)}
                    onChange={(patch) => update((doc) => Object.assign(doc.seasons[index]!.sessions[j]!, patch))}
                    onRemove={() => update((doc) => void doc.seasons[index]!.sessions.splice(j, 1))}
                  />
                ))}
                <button type="button" className="button button--small button--ghost" onClick={() => update((doc) => void doc.seasons[index]!.sessions.push(newSession()))}>
                  Add a session
                </button>
              </fieldset>

              <fieldset className="calendar-admin__year">
                <legend>Where to go</legend>
                {season.notes.map((note, j) => (
                  <div key={j} className="calendar-admin__note" role="group" aria-label={`Note: ${note.topic || 'new'}`}>
                    <TextField label="Topic" value={note.topic} error={messageAt(`${base}.notes.${j}.topic`)} onChange={(topic) => update((doc) => void (doc.seasons[index]!.notes[j]!.topic = topic))} />
                    <TextField label="Note" area value={note.text} error={messageAt(`${base}.notes.${j}.text`)} onChange={(text) => update((doc) => void (doc.seasons[index]!.notes[j]!.text = text))} />
                    <button type="button" className="button button--small button--ghost calendar-admin__remove" onClick={() => update((doc) => void doc.seasons[index]!.notes.splice(j, 1))}>
                      Remove note
                    </button>
                  </div>
                ))}
                <button type="button" className="button button--small button--ghost" onClick={() => update((doc) => void doc.seasons[index]!.notes.push({ topic: '', text: '' }))}>
                  Add a note
                </button>
              </fieldset>

              <div className="calendar-admin__actions">
                <button type="button" className="button button--small button--danger" onClick={() => void removeSeason()} disabled={draft.seasons.length <= 1}>
                  Remove this season
                </button>
              </div>
            </>
          )}
          {dialog}
        </>
      )}
    </DocumentFrame>
  );
}

function SessionRow({
  session,
  label,
  messageAt,
  onChange,
  onRemove,
}: {
  session: TrainingSession;
  label: string;
  messageAt: (field: keyof TrainingSession) => string | undefined;
  onChange: (patch: Partial<TrainingSession>) => void;
  onRemove: () => void;
}) {
  // The club's workout types; a retired one (or one the club no longer has) only for the session that names it.
  const types = offeredTypes(useClubSports(), session.kind);
  return (
    <div className="calendar-admin__session" role="group" aria-label={label}>
      <Field label="Day" error={messageAt('day')}>
        {(props) => (
          <select {...props} value={session.day} onChange={(e) => onChange({ day: e.target.value as TrainingSession['day'] })}>
            {DAYS.map((d) => (
              <option key={d}>{d}</option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Time" error={messageAt('start')}>
        {(props) => <input {...props} type="time" value={session.start} onChange={(e) => onChange({ start: e.target.value })} />}
      </Field>
      <Field label="End time" error={messageAt('end')}>
        {(props) => <input {...props} type="time" value={session.end} onChange={(e) => onChange({ end: e.target.value })} />}
      </Field>
      <Field label="Sport" error={messageAt('kind')}>
        {(props) => (
          <select {...props} value={session.kind} onChange={(e) => onChange({ kind: e.target.value })}>
            {types.map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField label="What" value={session.title} error={messageAt('title')} onChange={(title) => onChange({ title })} />
      <TextField label="Where" value={session.place} error={messageAt('place')} onChange={(place) => onChange({ place })} />
      <button type="button" className="button button--small button--ghost calendar-admin__remove" onClick={onRemove}>
        Remove session
      </button>
    </div>
  );
}

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

function Field({ label, hint, error, children }: { label: string; hint?: string; error?: string; children: (props: ControlProps) => ReactNode }) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field calendar-admin__field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function TextField({ label, value, hint, error, area, onChange }: { label: string; value: string; hint?: string; error?: string; area?: boolean; onChange: (value: string) => void }) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(props) =>
        area ? (
          <textarea {...props} rows={2} value={value} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input {...props} type="text" value={value} onChange={(e) => onChange(e.target.value)} />
        )
      }
    </Field>
  );
}
