import { useState } from 'react';
import type { Race } from '../../../domain/contract/training/races';
import { OfflineNote } from '../../components/offline-note';
import { useClubToday } from '../../lib/club/club-clock';
import { offlineInfo } from '../../lib/data/read';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { useRacesQuery } from './api/race-queries';
import { RaceListing, RacesIntro, ViewSwitch, VisitorNotice, type RaceView } from './components/race-listing';
import type { RaceSignupState } from './hooks/use-race-signup';
import './races.css';

const NOT_SIGNED_UP: RaceSignupState = { signedUp: false, unsynced: false, busy: false, error: null };
const notSignedUp = (_race: Race) => NOT_SIGNED_UP;
const noSignup = () => undefined;

/**
 * /races for a visitor (nobody signed in): the public calendar without the member features, so the
 * page loads neither the query library nor the offline outbox (docs/decisions/0062). A signed-in user
 * gets races-page.tsx.
 */
export function VisitorRacesPage() {
  usePageTitle('Races');
  const read = useRacesQuery();
  const { fromCache, updatedAt } = offlineInfo(read);
  const [view, setView] = useState<RaceView>('list');
  const today = useClubToday();
  const races = read.data?.races ?? [];

  return (
    <div className="page races-page">
      <div className="races-header">
        <RacesIntro />
      </div>
      <div className="races-toolbar">
        <ViewSwitch view={view} onChange={setView} />
      </div>
      <VisitorNotice signedIn={false} />
      <OfflineNote fromCache={fromCache} updatedAt={updatedAt} />
      <RaceListing
        read={read}
        races={races}
        shown={races}
        view={view}
        today={today}
        member={false}
        signupOf={notSignedUp}
        onSignup={noSignup}
      />
    </div>
  );
}
