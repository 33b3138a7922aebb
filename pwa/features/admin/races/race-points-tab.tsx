import { useState } from 'react';
import type { ClubDocumentTypes } from '../../../../domain/documents/club-documents';
import { seasonStartMonthOf } from '../../../../domain/races/race-points';
import { MONTH_NAMES } from '../../../../domain/schedule';
import { FormField } from '../../../components/form-field';
import { DocumentFrame } from '../common/document-frame';
import { useDocumentEditor } from '../common/use-document-editor';

/** The numbers as typed: a half-typed number stays what it is until Save. */
interface Typed {
  finish: string;
  places: string;
  /** The season's first month, '1' to '12'. */
  month: string;
}

const toTyped = (body: ClubDocumentTypes['race-points']): Typed => ({
  finish: String(body.finishPoints),
  places: body.placePoints.join(', '),
  month: String(seasonStartMonthOf(body)),
});

/** Admin → Race points: the numbers of the season table's rule and the month its season starts (domain/races/race-points.ts). */
export function RacePointsTab() {
  const editor = useDocumentEditor('race-points', { toForm: toTyped, failed: 'The race points could not be saved.' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A refusal of one place ('placePoints.2') is shown beside the places.
  const refusedAt = editor.refused?.field?.split('.')[0];
  const refused = editor.refused && refusedAt ? { [refusedAt]: editor.refused.message } : {};
  const shown: Record<string, string | undefined> = { ...refused, ...errors };

  async function save() {
    const { finish, places } = editor.draft!;
    const placePoints = places.split(',').map((p) => p.trim()).filter(Boolean).map(Number);
    if (finish.trim() === '' || placePoints.some(Number.isNaN)) {
      setErrors(finish.trim() === '' ? { finishPoints: 'Points for finishing must be a number' } : { placePoints: 'Points for a place must be a number' });
      return;
    }
    setErrors({});
    await editor.publish({ finishPoints: Number(finish), placePoints, seasonStartMonth: Number(editor.draft!.month) });
  }

  const type = (patch: Partial<Typed>) => {
    editor.setDraft((typed) => ({ ...typed, ...patch }));
    setErrors({});
  };

  return (
    <DocumentFrame
      editor={editor}
      aria-label="Race points"
      className="form"
      loading="Loading race points…"
      loadFailed="Race points could not be loaded."
      saveLabel="Save race points"
      savedNotice="Race points saved: the season table uses them now."
      onSave={save}
      newerLabel="The newer race points"
      theirs={(newer) => (
        <p>
          Theirs: {newer.body.finishPoints} for finishing; {newer.body.placePoints.join(', ') || 'none'} for places. Their race season starts in{' '}
          {MONTH_NAMES[seasonStartMonthOf(newer.body) - 1]}.
        </p>
      )}
      showsField={(field) => /^(finishPoints|placePoints|seasonStartMonth)\b/.test(field)}
    >
      {(typed) => (
        <>
          <p>The season table gives each finish these points, plus points for the place among the club&apos;s finishers at that distance.</p>
          <FormField label="Points for finishing" error={shown.finishPoints}>
            {(field) => <input {...field} type="number" min={0} value={typed.finish} onChange={(e) => type({ finish: e.target.value })} />}
          </FormField>
          <FormField label="Points for places" hint="First, second, third… separated by commas, e.g. 10, 6, 4, 2, 1" error={shown.placePoints}>
            {(field) => <input {...field} value={typed.places} onChange={(e) => type({ places: e.target.value })} inputMode="numeric" autoComplete="off" />}
          </FormField>
          <FormField
            label="Race season starts in"
            hint="The season table counts the races of one season: January for the calendar year, September for a season from September to August (named 2026–27)"
            error={shown.seasonStartMonth}
          >
            {(field) => (
              <select {...field} value={typed.month} onChange={(e) => type({ month: e.target.value })}>
                {MONTH_NAMES.map((name, i) => (
                  <option key={name} value={String(i + 1)}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </>
      )}
    </DocumentFrame>
  );
}
