import { useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { UnsyncedMark } from '../../components/offline-note';
import { ErrorMessage } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { performWrite, usePendingWrites } from '../../lib/offline/perform-write';
import { useDutiesQuery } from './api/duty-queries';
import './duties.css';

/**
 * The duty holders on a workout's attendance sheet (execs, once it started): each one ticked when they
 * did not turn up for their duty. That is recorded against the duty (the rota does not count it as
 * done), never as an absence from the workout: the sheet's own boxes count those.
 */
export function DutySheet({ workoutId }: { workoutId: number }) {
  const headingId = useId();
  const { pathname } = useLocation();
  const query = useDutiesQuery('workout', workoutId);
  const pending = usePendingWrites();
  const [error, setError] = useState('');
  const rows = (query.data?.duties ?? []).flatMap((d) => d.holders.map((h) => ({ duty: d, holder: h })));
  if (rows.length === 0) return null;
  return (
    <div className="duty-sheet" role="group" aria-labelledby={headingId}>
      <h3 id={headingId}>On duty</h3>
      <ul className="duty-sheet__list">
        {rows.map(({ duty, holder }) => {
          const waiting = pending.filter((a) => a.kind === 'duty-no-show' && a.dutyId === duty.id && a.userId === holder.id).at(-1);
          const noShow = waiting && waiting.kind === 'duty-no-show' ? waiting.noShow : holder.no_show;
          return (
            <li key={`${duty.id}:${holder.id}`}>
              <label className="duty-sheet__row">
                <input
                  type="checkbox"
                  checked={noShow}
                  onChange={(e) => {
                    setError('');
                    const action = { kind: 'duty-no-show' as const, dutyId: duty.id, userId: holder.id, noShow: e.target.checked, name: holder.name, duty: duty.kind, at: pathname };
                    performWrite(action).catch((err: unknown) => setError(errorMessage(err, 'Could not record it')));
                  }}
                />
                <span>
                  {holder.name}, {duty.kind}: did not show up
                </span>
              </label>
              {waiting && <UnsyncedMark />}
            </li>
          );
        })}
      </ul>
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </div>
  );
}
