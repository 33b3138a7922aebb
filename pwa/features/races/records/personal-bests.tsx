import { useId } from 'react';
import { formatRaceTime } from '../../../../domain/races/race-points';
import { EmptyState, Loading } from '../../../components/status';
import { formatDate } from '../../../lib/ui/format';
import { usePersonalBestsQuery } from '../api/race-queries';
import './personal-bests.css';

/**
 * A member's personal best per distance, the newest marked. Shown on their profile: the app frame
 * hands it to the profile (router.tsx), as features never import each other.
 */
export function PersonalBests({ userId }: { userId: number }) {
  const headingId = useId();
  const query = usePersonalBestsQuery(userId);
  const bests = query.data?.personalBests;
  return (
    <section className="card personal-bests" aria-labelledby={headingId}>
      <h2 id={headingId}>Personal bests</h2>
      {!bests ? (
        query.isPending ? <Loading text="Loading personal bests..." /> : <EmptyState>Personal bests could not be loaded.</EmptyState>
      ) : bests.length === 0 ? (
        <EmptyState>No race results yet: enter yours on a race&apos;s page after the race.</EmptyState>
      ) : (
        <ul className="personal-bests__list">
          {bests.map((b) => (
            <li key={b.distance}>
              <strong>{b.distance}</strong>: {formatRaceTime(b.finishSeconds)} <span className="personal-bests__when">({formatDate(b.raceDate, 'long')})</span>
              {b.isNew && <span className="personal-bests__new"> New personal best!</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
