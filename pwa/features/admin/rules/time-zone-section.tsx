import { useMemo, useState, type FormEvent } from 'react';
import type { ClubDocument } from '../../../../domain/contract/club-documents';
import { FormField } from '../../../components/form-field';
import { ErrorMessage, LoadError, Loading, Notice } from '../../../components/status';
import { errorMessage } from '../../../lib/data/api-client';
import { newerVersion, refusedField, useClubDocument, usePublishDocument } from '../../../lib/data/club-documents';
import { setClubTimeZone } from '../../../lib/club/club-zone';

/** The zones this browser knows, for the picker (the server checks the name again). */
function knownZones(current: string): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** The club's time zone (Admin → Rules), with what changing it does, and does not do, said before saving. */
export function TimeZoneSection() {
  const document = useClubDocument('time-zone');
  return (
    <section aria-labelledby="time-zone-heading" className="card rules-admin__zone">
      <h2 id="time-zone-heading">Club time zone</h2>
      {document.isPending ? (
        <Loading text="Loading the time zone…" />
      ) : !document.data ? (
        <LoadError onRetry={() => void document.refetch()}>{errorMessage(document.error, 'Failed to load the time zone')}</LoadError>
      ) : (
        <TimeZoneForm document={document.data} />
      )}
    </section>
  );
}

function TimeZoneForm({ document }: { document: ClubDocument<'time-zone'> }) {
  const publish = usePublishDocument('time-zone');
  const [zone, setZone] = useState(document.body.timeZone);
  const [saved, setSaved] = useState('');
  const zones = useMemo(() => knownZones(document.body.timeZone), [document.body.timeZone]);
  const field = refusedField(publish.error);
  const conflict = newerVersion<'time-zone'>(publish.error);

  function submit(e: FormEvent) {
    e.preventDefault();
    setSaved('');
    publish.mutate(
      { body: { timeZone: zone }, version: document.version },
      {
        onSuccess: (published) => {
          const next = (published.body as { timeZone: string }).timeZone;
          // This device's club clock follows at once; the others with their next /api/config.
          setClubTimeZone(next);
          setSaved(`Saved: the club’s clock is now ${next}.`);
        },
      },
    );
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <Notice tone="warning">
        Workouts and events keep their club-local times: a workout at 18:00 stays at 18:00 on the new clock. “Today”, reminders
        and calendar feeds follow the new zone from the moment you save.
      </Notice>
      <FormField label="Club time zone" error={field === 'timeZone' ? errorMessage(publish.error, '') : undefined}>
        {(control) => (
          <select {...control} value={zone} onChange={(e) => setZone(e.target.value)}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {conflict && <ErrorMessage>Another administrator changed the time zone to {conflict.body.timeZone} while you were choosing: check it, then save again.</ErrorMessage>}
      {publish.error && !conflict && field !== 'timeZone' && <ErrorMessage>{errorMessage(publish.error, 'The time zone could not be saved')}</ErrorMessage>}
      {saved && <Notice tone="success">{saved}</Notice>}
      <button type="submit" className="button" disabled={publish.isPending || zone === document.body.timeZone}>
        {publish.isPending ? 'Saving…' : 'Save time zone'}
      </button>
    </form>
  );
}
