import { useState } from 'react';
import { FormField } from '../../../components/form-field';
import { ErrorMessage, Loading, Notice } from '../../../components/status';
import { ApiError } from '../../../lib/data/api-client';
import { newerVersion, refusedField, useClubDocument, usePublishDocument } from '../../../lib/data/club-documents';

/** Admin → Race points: the numbers of the season table's rule (domain/race-points.ts). */
export function RacePointsTab() {
  const doc = useClubDocument('race-points');
  if (!doc.data) return doc.isPending ? <Loading text="Loading race points…" /> : <ErrorMessage>Race points could not be loaded.</ErrorMessage>;
  return <RacePointsForm key={doc.data.version} version={doc.data.version} finishPoints={doc.data.body.finishPoints} placePoints={doc.data.body.placePoints} />;
}

function RacePointsForm(props: { version: number; finishPoints: number; placePoints: number[] }) {
  const [finish, setFinish] = useState(String(props.finishPoints));
  const [places, setPlaces] = useState(props.placePoints.join(', '));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const publish = usePublishDocument('race-points');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const placePoints = places.split(',').map((p) => p.trim()).filter(Boolean).map(Number);
    if (finish.trim() === '' || placePoints.some(Number.isNaN)) {
      setErrors(finish.trim() === '' ? { finishPoints: 'Points for finishing must be a number' } : { placePoints: 'Points for a place must be a number' });
      return;
    }
    setErrors({});
    try {
      await publish.mutateAsync({ body: { finishPoints: Number(finish), placePoints }, version: props.version });
      setSaved(true);
    } catch (err) {
      if (newerVersion(err)) setErrors({ '': 'Someone changed the race points meanwhile: reload the page to see theirs.' });
      else {
        const message = err instanceof ApiError && typeof err.body.error === 'string' ? err.body.error : 'The race points could not be saved.';
        setErrors({ [refusedField(err) ?? '']: message });
      }
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Race points">
      <p>The season table gives each finish these points, plus points for the place among the club&apos;s finishers at that distance.</p>
      <FormField label="Points for finishing" error={errors.finishPoints}>
        {(field) => <input {...field} type="number" min={0} value={finish} onChange={(e) => setFinish(e.target.value)} />}
      </FormField>
      <FormField label="Points for places" hint="First, second, third… separated by commas, e.g. 10, 6, 4, 2, 1" error={errors.placePoints}>
        {(field) => <input {...field} value={places} onChange={(e) => setPlaces(e.target.value)} inputMode="numeric" autoComplete="off" />}
      </FormField>
      {errors[''] && <ErrorMessage>{errors['']}</ErrorMessage>}
      {saved && <Notice tone="success">Race points saved: the season table uses them now.</Notice>}
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={publish.isPending}>
          Save race points
        </button>
      </div>
    </form>
  );
}
