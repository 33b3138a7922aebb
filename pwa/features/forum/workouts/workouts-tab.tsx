import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { OfflineNote, isOfflineError } from '../../../components/offline-note';
import { ListNotSaved } from '../common/list-not-saved';
import type { SeriesScope, WorkoutPost } from '../../../../domain/contract/training/forum';
import { filterTypes, typeName, type SportsDocument } from '../../../../domain/sports';
import { useClubSports } from '../../../lib/club/club-sports';
import { forumOrder } from '../../../../domain/clock';
import { EmptyState, LoadError, Loading, Notice } from '../../../components/status';
import { useClubToday } from '../../../lib/club/club-clock';
import { lazyNamed } from '../../../lib/ui/lazy-named';
import { useSession } from '../../../lib/session/session';
import { errorMessage } from '../../../lib/data/api-client';
import { loadError, offlineInfo } from '../../../lib/data/read';
import { useDeletePostMutation } from '../api/forum-mutations';
import { useWorkoutsQuery } from '../api/forum-queries';
import { WorkoutCard } from './workout-card';
import { detectPromotions, groupByDay } from '../common/workout-rules';
import { readWaitlistMemory, writeWaitlistMemory } from './waitlist-memory';
import { SectionBoundary } from '../../../lib/ui/section-boundary';

// The form (react-hook-form, zod) loads when an exec opens it, not with the list.
const NewWorkoutModal = lazyNamed(() => import('./new-workout-modal'), 'NewWorkoutModal');

/** "All", then the club's filters (Admin → Sports), each with the names of the types it shows as its hint. */
function filtersOf(sports: SportsDocument): { key: string; label: string; hint?: string }[] {
  return [
    { key: 'all', label: 'All' },
    ...sports.filters.map((f) => ({
      key: f.id,
      label: f.name,
      ...(f.types.length > 1 && { hint: f.types.map((t) => typeName(sports, t)).join(', ') }),
    })),
  ];
}

/** The sport filter of the list, read from the address (?sport=bike): Back returns to the same list. */
export function filterFrom(params: URLSearchParams, sports: SportsDocument): string {
  const value = params.get('sport');
  return sports.filters.some((f) => f.id === value) ? value! : 'all';
}

/**
 * The list as the forum shows it: today's workouts on top until club midnight, started ones
 * included, then the days ahead, then the days gone (domain/clock.ts). Re-sorted here too, so a copy
 * kept on the device from before midnight moves on with the club's day.
 */
export function inForumOrder(workouts: readonly WorkoutPost[], today: string | null): WorkoutPost[] {
  return today ? forumOrder(workouts, (w) => ({ date: w.workout_date, time: w.workout_time }), today) : [...workouts];
}

export function filterWorkouts(workouts: readonly WorkoutPost[], sports: SportsDocument, filter: string): WorkoutPost[] {
  const types = filterTypes(sports, filter);
  return types === null ? [...workouts] : workouts.filter((w) => types.includes(w.workout_type));
}

/** The Workouts tab: one request for the whole list (counts and the caller's state come with it). */
export function WorkoutsTab() {
  const { user, can } = useSession();
  const query = useWorkoutsQuery();
  const deletePost = useDeletePostMutation('workout').mutateAsync;
  const { data, refetch } = query;
  const { fromCache, updatedAt } = offlineInfo(query);
  const error = loadError(query);
  const [params, setParams] = useSearchParams();
  const sports = useClubSports();
  const filter = filterFrom(params, sports);
  const setFilter = (key: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (key === 'all') next.delete('sport');
        else next.set('sport', key);
        return next;
      },
      { replace: true },
    );
  const [creating, setCreating] = useState(false);
  const [posted, setPosted] = useState(false);
  const [promoted, setPromoted] = useState<string[]>([]);
  const seenAnswer = useRef<number | null>(null);

  // Only a fresh server answer can reveal a promotion: not local patches after the user's own clicks,
  // nor an older copy kept on the device.
  useEffect(() => {
    if (!user || !data || fromCache || updatedAt === null || seenAnswer.current === updatedAt) return;
    seenAnswer.current = updatedAt;
    const found = detectPromotions(readWaitlistMemory(user.id), data.posts);
    writeWaitlistMemory(user.id, found.positions);
    if (found.promoted.length > 0) {
      const titles = found.promoted.map((w) => w.title || 'Untitled Workout');
      setPromoted((previous) => [...new Set([...previous, ...titles])]);
    }
  }, [data, fromCache, updatedAt, user]);

  const refresh = useCallback(() => void refetch(), [refetch]);
  // The mutation takes it out of every copy; "this and the following" leaves the later ones to the reload.
  const remove = useCallback((id: number, scope: SeriesScope) => deletePost({ id, scope }).then(() => undefined), [deletePost]);

  const today = useClubToday();
  const shown = data ? inForumOrder(filterWorkouts(data.posts, sports, filter), today) : [];

  return (
    <>
      {promoted.length > 0 && (
        <div className="alert alert--success forum-promotion" role="status">
          <p>
            <strong>Good news!</strong> A spot opened up: you are now signed up for {promoted.join(', ')}.
          </p>
          <button type="button" className="button button--small" onClick={() => setPromoted([])}>
            Dismiss
          </button>
        </div>
      )}
      <div className="forum-toolbar">
        <div className="segmented forum-filters" role="group" aria-label="Filter workouts by sport">
          {filtersOf(sports).map((f) => (
            <button
              key={f.key}
              type="button"
              aria-pressed={filter === f.key}
              title={f.hint}
              onClick={() => setFilter(f.key)}
            >
              {f.label}
            </button>
          ))}
        </div>
        {can('exec') && (
          <div className="forum-toolbar__exec">
            <Link to="/attendance" className="button">
              Attendance report
            </Link>
            <button type="button" className="button button--accent" onClick={() => setCreating(true)}>
              + New Workout
            </button>
          </div>
        )}
      </div>
      {posted && <Notice tone="success">Workout posted.</Notice>}
      <OfflineNote fromCache={fromCache} updatedAt={updatedAt} />

      {query.isPending ? (
        <Loading text="Loading workouts..." />
      ) : error && isOfflineError(error) ? (
        <ListNotSaved what="workouts" onRetry={refresh} />
      ) : error ? (
        <LoadError onRetry={refresh}>Could not load the workouts: {errorMessage(error, 'Something went wrong')}</LoadError>
      ) : shown.length === 0 ? (
        <EmptyState>
          {filter === 'all'
            ? 'No workouts posted yet.'
            : `No ${(sports.filters.find((f) => f.id === filter)?.name ?? '').toLowerCase()} workouts yet.`}
        </EmptyState>
      ) : (
        <div className="forum-days">
          {groupByDay(shown, (w) => w.workout_date, today).map((day) => (
            <section key={day.date} className="forum-day" aria-labelledby={`day-${day.date}`}>
              <h2 id={`day-${day.date}`} className="forum-day__title">
                {day.label}
                {day.detail && <span className="forum-day__date"> · {day.detail}</span>}
              </h2>
              <div className="forum-list">
                {day.items.map((w) => (
                  <WorkoutCard key={w.id} workout={w} onDelete={remove} />
                ))}
              </div>
            </section>
          ))}
        </div>
      )}

      {creating && (
        <SectionBoundary what="the new workout form">
          <NewWorkoutModal
            onClose={() => setCreating(false)}
            onCreated={() => {
              setCreating(false);
              setPosted(true);
            }}
          />
        </SectionBoundary>
      )}
    </>
  );
}
