import { useEffect, useState } from 'react';
import type { EventDetailAnswer, WorkoutDetailAnswer } from '../../../domain/contract/training/forum';
import type { RaceDetailAnswer } from '../../../domain/contract/training/races';
import type { SafetyCard, SafetyMark, SafetyPlace } from '../../../domain/contract/members/safety';
import { DownloadButton } from '../../components/download-button';
import { Modal } from '../../components/modal';
import { Notice } from '../../components/status';
import { call } from '../../lib/data/api-client';
import { ApiError } from '../../lib/data/api-error';
import { usePageCopy } from './api/safety-queries';
import { showClubPhone } from '../../lib/club/club-phone';
import { performWrite } from '../../lib/offline/perform-write';
import { keptCard, keptMarks } from '../../lib/offline/safety-store';
import { useSession } from '../../lib/session/session';
import './safety.css';

interface Person {
  id: number;
  name: string;
}

/** Who is on the page's roster, from the copy the page itself reads (so it is there offline too). */
function usePeople(place: SafetyPlace, placeId: number): Person[] {
  const { data } = usePageCopy(place, placeId);
  if (!data) return [];
  const rows =
    place === 'workout'
      ? [...(data as WorkoutDetailAnswer).signups, ...(data as WorkoutDetailAnswer).waitlist]
      : place === 'event'
        ? (data as EventDetailAnswer).rsvps.filter((r) => r.status !== 'not_going')
        : (data as RaceDetailAnswer).signups;
  const seen = new Map<number, string>();
  for (const r of rows) seen.set(r.user_id, r.user_name);
  return [...seen].map(([id, name]) => ({ id, name }));
}

function markWords(mark: SafetyMark | undefined): string {
  if (!mark) return 'No card';
  return [mark.contact ? 'Contact on file' : 'No card', ...(mark.health ? ['health flag'] : []), mark.waiver ? 'waiver signed' : 'waiver not signed'].join(' · ');
}

/**
 * On a workout's, an event's or a race's page, for an exec or an administrator: each person's safety
 * mark and their card in one tap. Online from the club (each opening recorded there); with no signal
 * from the cards the phone keeps for the coming days, the opening told to the club once the signal is back.
 */
export function RosterSafety({ place, placeId }: { place: SafetyPlace; placeId: number }) {
  const { user, can } = useSession();
  const people = usePeople(place, placeId);
  const [marks, setMarks] = useState<Map<number, SafetyMark>>(new Map());
  const [open, setOpen] = useState<{ person: Person; card: SafetyCard | null; offline: boolean } | null>(null);
  const exec = can('exec');
  const ids = people.map((p) => p.id).join(',');

  useEffect(() => {
    if (!exec || !user || ids === '') return;
    let live = true;
    const show = (list: SafetyMark[]) => live && setMarks(new Map(list.map((m) => [m.userId, m])));
    call('GET /safety/marks', { query: { place, id: String(placeId) } })
      .then((a) => show(a.marks))
      .catch(() => keptMarks(user.id, user.role, ids.split(',').map(Number)).then(show));
    return () => {
      live = false;
    };
  }, [exec, user, place, placeId, ids]);

  if (!exec || !user || people.length === 0) return null;

  const openCard = async (person: Person) => {
    try {
      const { card } = await call('GET /safety/cards/:userId', { params: { userId: person.id } });
      setOpen({ person, card, offline: false });
    } catch (err) {
      if (!(err instanceof ApiError && err.isNetwork)) {
        setOpen({ person, card: null, offline: false });
        return;
      }
      const card = await keptCard(user.id, user.role, person.id);
      setOpen({ person, card, offline: true });
      // Recorded like an opening online: the outbox tells the club once the signal is back.
      if (card) await performWrite({ kind: 'safety-opening', userId: person.id, openedAt: Date.now() }).catch(() => undefined);
    }
  };

  return (
    <section className="card roster-safety" aria-labelledby={`roster-safety-${place}-${placeId}`}>
      <h2 id={`roster-safety-${place}-${placeId}`}>Safety</h2>
      {place === 'race' && can('administrator') && (
        <DownloadButton
          path={`/safety/races/${placeId}/emergency.csv`}
          fallbackName={`emergency-list-${placeId}.csv`}
          label="Download the emergency list"
          what="(CSV; each card in it is recorded as opened)"
        />
      )}
      <ul className="roster-safety__list">
        {people.map((p) => {
          const mark = marks.get(p.id);
          return (
            <li key={p.id}>
              <button type="button" className="roster-safety__person" aria-label={`Safety card of ${p.name}: ${markWords(mark)}`} onClick={() => void openCard(p)}>
                <span className="roster-safety__name">{p.name}</span>
                <span className={`roster-safety__mark${mark?.contact ? '' : ' roster-safety__mark--missing'}`}>{markWords(mark)}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {open && (
        <Modal title={`Safety card of ${open.person.name}`} onClose={() => setOpen(null)}>
          {open.offline && <Notice tone="info">No signal: the card this phone keeps. The club is told you opened it once you are back online.</Notice>}
          {open.card ? <CardDetails card={open.card} /> : <p>No safety card on file.</p>}
        </Modal>
      )}
    </section>
  );
}

function CardDetails({ card }: { card: SafetyCard }) {
  return (
    <dl className="safety-facts">
      {card.contacts.map((c, i) => (
        <div key={i}>
          <dt>
            {c.name} ({c.relation})
          </dt>
          <dd>
            <a href={`tel:${c.phone}`}>{showClubPhone(c.phone)}</a>
          </dd>
        </div>
      ))}
      <dt>Health flags</dt>
      <dd className={card.flags.length > 0 ? 'safety-flag' : ''}>{card.flags.length > 0 ? card.flags.join(', ') : 'None'}</dd>
      <dt>Health notes</dt>
      <dd>{card.notes || 'None'}</dd>
      <dt>Waiver</dt>
      <dd>{card.waiver_signed ? 'Signed this term' : 'Not signed this term'}</dd>
    </dl>
  );
}
