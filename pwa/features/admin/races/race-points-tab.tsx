import type { ClubDocumentTypes } from '../../../../domain/documents/club-documents';
import { seasonStartMonthOf } from '../../../../domain/races/race-points';
import { MONTH_NAMES } from '../../../../domain/schedule';
import { FormField } from '../../../components/form-field';
import { typedNumber } from '../../../lib/forms/problems';
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

/** The body the numbers typed make; a place that is no number is the schema's to name. */
const toBody = (typed: Typed): ClubDocumentTypes['race-points'] => ({
  finishPoints: typedNumber(typed.finish),
  placePoints: typed.places.split(',').map((p) => p.trim()).filter(Boolean).map(typedNumber),
  seasonStartMonth: Number(typed.month),
});

/** Admin → Race points: the numbers of the season table's rule and the month its season starts (domain/race-points.ts). */
export function RacePointsTab() {
  const editor = useDocumentEditor('race-points', { what: 'race points', toForm: toTyped, toBody });
  const type = (patch: Partial<Typed>) => editor.setDraft((typed) => ({ ...typed, ...patch }));

  return (
    <DocumentFrame
      editor={editor}
      aria-label="Race points"
      className="form"
      saveLabel="Save race points"
      savedNotice="Race points saved: the season table uses them now."
      theirs={({ body }) =>
        `Theirs: ${body.finishPoints} for finishing; ${body.placePoints.join(', ') || 'none'} for places. Their race season starts in ${MONTH_NAMES[seasonStartMonthOf(body) - 1]}.`
      }
      showsField={(path) => /^(finishPoints|placePoints|seasonStartMonth)\b/.test(path)}
    >
      {(typed) => (
        <>
          <p>The season table gives each finish these points, plus points for the place among the club&apos;s finishers at that distance.</p>
          <FormField label="Points for finishing" error={editor.errorAt('finishPoints')}>
            {(field) => <input {...field} type="number" min={0} value={typed.finish} onChange={(e) => type({ finish: e.target.value })} />}
          </FormField>
          <FormField label="Points for places" hint="First, second, third… separated by commas, e.g. 10, 6, 4, 2, 1" error={editor.errorIn('placePoints')}>
            {(field) => <input {...field} value={typed.places} onChange={(e) => type({ places: e.target.value })} inputMode="numeric" autoComplete="off" />}
          </FormField>
          <FormField
            label="Race season starts in"
            hint="The season table counts the races of one season: January for the calendar year, September for a season from September to August (named 2026–27)"
            error={editor.errorAt('seasonStartMonth')}
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
