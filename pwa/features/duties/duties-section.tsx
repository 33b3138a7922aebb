import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Duty } from '../../../domain/contract/training/duties';
import type { DutyPlaceKind } from '../../../domain/people/duties';
import { UnsyncedMark } from '../../components/offline-note';
import { ErrorMessage } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { pendingFor, performWrite, usePendingWrites, type SyncAction } from '../../lib/offline/perform-write';
import { useSession } from '../../lib/session/session';
import { lazyNamed } from '../../lib/ui/lazy-named';
import { useDutiesQuery } from './api/duty-queries';
import './duties.css';
import { SectionBoundary } from '../../lib/ui/section-boundary';

// The form loads zod and react-hook-form: only when an exec opens it.
const DutyForm = lazyNamed(() => import('./duty-form'), 'DutyForm');

/**
 * The duties of a workout, an event or a race: who holds each place, a free place taken in one tap,
 * given up before the club's cut-off, offered for a swap after it; an exec adds and removes duties and
 * takes anyone off. Every change but adding a duty goes through the outbox, so offline too.
 */
export function DutiesSection({ place, placeId }: { place: DutyPlaceKind; placeId: number }) {
  const headingId = useId();
  const { can } = useSession();
  const query = useDutiesQuery(place, placeId);
  const [adding, setAdding] = useState(false);
  const exec = can('exec');
  const list = query.data?.duties ?? [];
  if (list.length === 0 && !exec) return null;
  return (
    <section className="duties" aria-labelledby={headingId}>
      <div className="duties__head">
        <h2 id={headingId}>Duties</h2>
        <Link className="duties__rota" to="/rota">The term’s rota</Link>
        {exec && (
          <button type="button" className="button button--small" onClick={() => setAdding(true)}>
            Add a duty
          </button>
        )}
      </div>
      {list.length > 0 && (
        <ul className="duties__list">
          {list.map((d) => (
            <DutyItem key={d.id} duty={d} exec={exec} />
          ))}
        </ul>
      )}
      {adding && query.data && (
        <SectionBoundary what="the new duty form">
          <DutyForm place={place} placeId={placeId} kinds={query.data.kinds} onClose={() => setAdding(false)} />
        </SectionBoundary>
      )}
    </section>
  );
}

function DutyItem({ duty, exec }: { duty: Duty; exec: boolean }) {
  const titleId = useId();
  const { pathname } = useLocation();
  const { user } = useSession();
  const pending = usePendingWrites();
  const claiming = pendingFor(pending, 'duty-claim', duty.id);
  const swapping = pendingFor(pending, 'duty-swap', duty.id);
  const removing = pendingFor(pending, 'duty-removal', duty.id);
  const takingOff = pending.filter((a) => a.kind === 'duty-holder' && a.dutyId === duty.id && !a.held).map((a) => (a as { userId: number }).userId);
  const mine = claiming ? claiming.taken : swapping?.step === 'take' ? true : duty.mine;
  const [error, setError] = useState('');
  const write = (action: SyncAction, fallback: string) => {
    setError('');
    performWrite(action).catch((err: unknown) => setError(errorMessage(err, fallback)));
  };
  const where = { duty: duty.kind, at: pathname };
  const myHold = duty.holders.find((h) => h.id === user?.id);
  const swapOnOffer = duty.holders.some((h) => h.swap_offered);
  const free = duty.places - duty.holders.length;
  const waiting = claiming ?? swapping ?? removing ?? (takingOff.length > 0 ? takingOff : null);
  return (
    <li className="card duty" aria-labelledby={titleId}>
      <h3 id={titleId} className="duty__kind">
        {duty.kind}
        {removing && ' (being removed)'}
      </h3>
      <p className="duty__meta">
        {duty.holders.length} of {duty.places} {duty.places === 1 ? 'place' : 'places'} taken
        {duty.eligibility === 'execs' ? ' · execs only' : duty.eligibility === 'qualified' ? ` · needs ${duty.qualification}` : ''}
      </p>
      {duty.holders.length > 0 && (
        <ul className="duty__holders">
          {duty.holders
            .filter((h) => !takingOff.includes(h.id))
            .map((h) => (
              <li key={h.id}>
                {h.name}
                {(h.swap_offered || (h.id === user?.id && swapping?.step === 'offer')) && ' (swap offered)'}
                {h.no_show && ' (did not show up)'}
                {exec && (
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    onClick={() => write({ kind: 'duty-holder', dutyId: duty.id, userId: h.id, held: false, name: h.name, ...where }, 'Could not take them off')}
                  >
                    Take off<span className="visually-hidden"> {h.name}, {duty.kind}</span>
                  </button>
                )}
              </li>
            ))}
        </ul>
      )}
      <div className="actions actions--start">
        {!mine && duty.may_take && free > 0 && (
          <button type="button" className="button button--primary button--small" onClick={() => write({ kind: 'duty-claim', dutyId: duty.id, taken: true, ...where }, 'Could not change your duty')}>
            Take this duty<span className="visually-hidden"> {duty.kind}</span>
          </button>
        )}
        {!mine && duty.may_take && free <= 0 && swapOnOffer && (
          <button type="button" className="button button--primary button--small" onClick={() => write({ kind: 'duty-swap', dutyId: duty.id, step: 'take', ...where }, 'Could not take the swap')}>
            Take the swap<span className="visually-hidden"> {duty.kind}</span>
          </button>
        )}
        {mine && (
          <button type="button" className="button button--small" onClick={() => write({ kind: 'duty-claim', dutyId: duty.id, taken: false, ...where }, 'Could not change your duty')}>
            Give it up<span className="visually-hidden"> {duty.kind}</span>
          </button>
        )}
        {mine && myHold && !myHold.swap_offered && !swapping && (
          <button type="button" className="button button--small" onClick={() => write({ kind: 'duty-swap', dutyId: duty.id, step: 'offer', ...where }, 'Could not offer a swap')}>
            Ask for a swap<span className="visually-hidden"> {duty.kind}</span>
          </button>
        )}
        {exec && !removing && (
          <button type="button" className="button button--small button--danger" onClick={() => write({ kind: 'duty-removal', dutyId: duty.id, ...where }, 'Could not remove the duty')}>
            Remove duty<span className="visually-hidden"> {duty.kind}</span>
          </button>
        )}
        {waiting && <UnsyncedMark />}
      </div>
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </li>
  );
}
