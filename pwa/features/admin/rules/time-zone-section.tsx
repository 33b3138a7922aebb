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
  // This device's club clock follows at once; the others with their next /api/config.
  const editor = useDocumentEditor('time-zone', { what: 'time zone', onPublished: (saved) => setClubTimeZone(saved.body.timeZone) });
  const inForce = editor.origin?.body.timeZone ?? '';
  const zones = useMemo(() => knownZones(inForce), [inForce]);

  return (
    <section aria-labelledby="time-zone-heading" className="card rules-admin__zone">
      <h2 id="time-zone-heading">Time zone, country and language</h2>
      <h3>Club time zone</h3>
      <DocumentFrame
        editor={editor}
        className="form"
        saveLabel="Save time zone"
        savedNotice={(saved) => `Saved: the club’s clock is now ${saved.body.timeZone}.`}
        theirs={({ body }) => `Another administrator changed the time zone to ${body.timeZone} while you were choosing.`}
        showsField={(path) => path === 'timeZone'}
        requireChange
      >
        {(draft) => (
          <>
            <Notice tone="warning">
              Workouts and events keep their club-local times: a workout at 18:00 stays at 18:00 on the new clock. “Today”,
              reminders and calendar feeds follow the new zone from the moment you save.
            </Notice>
            <FormField label="Club time zone" error={editor.errorAt('timeZone')}>
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
