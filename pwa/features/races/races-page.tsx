import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { Race, RaceInput } from '../../../domain/contract/training/races';
import { useConfirm } from '../../components/confirm-dialog';
import { OfflineNote } from '../../components/offline-note';
import { ErrorMessage, Notice } from '../../components/status';
import { useClubToday } from '../../lib/club/club-clock';
import { lazyNamed } from '../../lib/ui/lazy-named';
import { offlineInfo } from '../../lib/data/read';
import { useSession } from '../../lib/session/session';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { useAddRaceMutation, useDeleteRaceMutation, useUpdateRaceMutation } from './api/race-mutations';
import { useRacesQuery } from './api/race-queries';
import { RaceListing, RacesIntro, ViewSwitch, VisitorNotice, type RaceView } from './components/race-listing';
import { SeasonTable } from './records/season-table';
import { useRaceSignup } from './hooks/use-race-signup';
import { raceWith } from './race-signups';
import './races.css';
import { SectionBoundary } from '../../lib/ui/section-boundary';

const RaceFormModal = lazyNamed(() => import('./components/race-form-modal'), 'RaceFormModal');

type Filter = 'all' | 'mine';

export function RacesPage() {
  usePageTitle('Races');
  const { user, signedIn, can } = useSession();
  const member = can('member');
  const exec = can('exec');
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const query = useRacesQuery();
  const { data } = query;
  const { fromCache, updatedAt } = offlineInfo(query);
  const addMutation = useAddRaceMutation();
  const updateMutation = useUpdateRaceMutation();
  const deleteMutation = useDeleteRaceMutation();
  const [view, setView] = useState<RaceView>('list');
  const [filter, setFilter] = useState<Filter>('all');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Race | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  // Every save confirms: what was added or changed, until the next change.
  const [saved, setSaved] = useState('');
  const { confirm, dialog } = useConfirm();
  const today = useClubToday();

  const signup = useRaceSignup();
  const { forgetQueued } = signup;
  useEffect(() => forgetQueued(), [updatedAt, forgetQueued]);

  const signupOf = (race: Race) => signup.stateOf(race.id, race.isSignedUp);
  // What the member sees: their own (possibly not yet synced) choice applied to each race.
  const races = (data?.races ?? []).map((r) => (member ? raceWith(r, user, signupOf(r).signedUp) : r));
  const shown = member && filter === 'mine' ? races.filter((r) => r.isSignedUp) : races;

  async function addRace(input: RaceInput, idempotencyKey: string) {
    await addMutation.mutateAsync({ input, idempotencyKey });
    setAdding(false);
    setSaved(`Race added: ${input.name}.`);
  }

  async function saveRace(id: number, input: RaceInput, idempotencyKey: string) {
    await updateMutation.mutateAsync({ id, input, idempotencyKey });
    setEditing(null);
    setSaved(`Changes saved: ${input.name}.`);
  }

  async function deleteRace(race: Race) {
    const message = `Are you sure you want to delete the race "${race.name}"?`;
    if (!(await confirm({ title: 'Delete race?', message, confirmLabel: 'Delete' }))) return;
    setDeleteError(null);
    setDeleting(race.id);
    try {
      await deleteMutation.mutateAsync(race.id);
    } catch {
      setDeleteError('Error deleting race');
    } finally {
      setDeleting(null);
    }
  }

  return (
    <div className="page races-page">
      <div className="races-header">
        <RacesIntro />
        {member && (
          <button type="button" className="button button--accent" onClick={() => setAdding(true)}>
            Add Race
          </button>
        )}
      </div>

      <div className="races-toolbar">
        <ViewSwitch view={view} onChange={setView} />
        {member && (
          <div className="segmented" role="group" aria-label="Which races">
            <button type="button" aria-pressed={filter === 'all'} onClick={() => setFilter('all')}>
              All Races
            </button>
            <button type="button" aria-pressed={filter === 'mine'} onClick={() => setFilter('mine')}>
              Races I&apos;m Going To
            </button>
          </div>
        )}
      </div>

      {saved && <Notice tone="success">{saved}</Notice>}
      {notice && <Notice tone="warning">{notice}</Notice>}
      {!member && <VisitorNotice signedIn={signedIn} />}
      <OfflineNote fromCache={fromCache} updatedAt={updatedAt} />
      {deleteError && <ErrorMessage>{deleteError}</ErrorMessage>}

      <RaceListing
        read={query}
        races={races}
        shown={shown}
        view={view}
        today={today}
        member={member}
        signupOf={signupOf}
        onSignup={(race, signedUp) => void signup.change(race.id, signedUp)}
        manageOf={(race) =>
          exec
            ? { onEdit: () => setEditing(race), onDelete: () => void deleteRace(race), deleting: deleting === race.id }
            : undefined
        }
      />

      {member && today && <SeasonTable today={today} />}

      <SectionBoundary what="the race form">
        {adding && (
          <RaceFormModal
            title="Add New Race"
            submitLabel="Add Race"
            failure="Failed to add race"
            onSubmit={addRace}
            onClose={() => setAdding(false)}
          />
        )}
        {editing && (
          <RaceFormModal
            title="Edit Race"
            submitLabel="Save changes"
            failure="Failed to update race"
            initial={{
              name: editing.name,
              date: editing.date,
              location: editing.location,
              description: editing.description,
              distances: editing.distances,
              legs: editing.legs,
              feeCents: editing.feeCents,
            }}
            currency={editing.feeCurrency || undefined}
            onSubmit={(input, key) => saveRace(editing.id, input, key)}
            onClose={() => setEditing(null)}
          />
        )}
      </SectionBoundary>
      {dialog}
    </div>
  );
}
