import { useMemo } from 'react';
import { FormField } from '../../../components/form-field';
import { Notice } from '../../../components/status';
import { setClubTimeZone } from '../../../lib/club/club-zone';
import { DocumentFrame } from '../common/document-frame';
import { useDocumentEditor } from '../common/use-document-editor';
import { RegionForm } from './region-form';

/** The zones this browser knows, for the picker (the server checks the name again). */
function knownZones(current: string): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/**
 * Where the club is (Admin → Rules): its time zone, with what changing it does, and does not do, said
 * before saving; then its country and language (region-form.tsx), a document of their own.
 */
export function TimeZoneSection() {
  const editor = useDocumentEditor('time-zone', { failed: 'The time zone could not be saved' });
  const inForce = editor.origin?.body.timeZone ?? '';
  const zones = useMemo(() => knownZones(inForce), [inForce]);

  async function save() {
    const saved = await editor.publish(editor.draft!);
    // This device's club clock follows at once; the others with their next /api/config.
    if (saved) setClubTimeZone(saved.body.timeZone);
  }

  return (
    <section aria-labelledby="time-zone-heading" className="card rules-admin__zone">
      <h2 id="time-zone-heading">Time zone, country and language</h2>
      <h3>Club time zone</h3>
      <DocumentFrame
        editor={editor}
        className="form"
        loading="Loading the time zone…"
        loadFailed="Failed to load the time zone"
        saveLabel="Save time zone"
        savedNotice={(saved) => `Saved: the club’s clock is now ${saved.body.timeZone}.`}
        onSave={save}
        newerLabel="The newer time zone"
        theirs={(newer) => <p>Another administrator changed the time zone to {newer.body.timeZone} while you were choosing.</p>}
        showsField={(field) => field === 'timeZone'}
        requireChange
      >
        {(draft) => (
          <>
            <Notice tone="warning">
              Workouts and events keep their club-local times: a workout at 18:00 stays at 18:00 on the new clock. “Today”,
              reminders and calendar feeds follow the new zone from the moment you save.
            </Notice>
            <FormField label="Club time zone" error={editor.refused?.field === 'timeZone' ? editor.refused.message : undefined}>
              {(control) => (
                <select {...control} value={draft.timeZone} onChange={(e) => editor.setDraft({ timeZone: e.target.value })}>
                  {zones.map((z) => (
                    <option key={z} value={z}>
                      {z}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </>
        )}
      </DocumentFrame>
      <h3>Country and language</h3>
      <RegionForm />
    </section>
  );
}
