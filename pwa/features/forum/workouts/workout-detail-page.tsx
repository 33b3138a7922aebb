import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useConfirm } from '../../../components/confirm-dialog';
import { AddToCalendar } from '../../../components/download-button';
import { OfflineNote, NotSavedOffline, isOfflineError } from '../../../components/offline-note';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { MovedMark, TypeBadge } from '../../../parts/posts/post-parts';
import { ErrorMessage, LoadError, Loading } from '../../../components/status';
import { formatDate, formatTimeRange } from '../../../lib/ui/format';
import { useSession } from '../../../lib/session/session';
import { usePageTitle } from '../../../lib/ui/use-page-title';
import { errorMessage } from '../../../lib/data/api-client';
import { ApiError } from '../../../lib/data/api-error';
import { applyAttendance } from '../../../lib/data/post-cache';
import { forumKeys } from '../../../lib/data/keys/post-keys';
import { loadError, offlineInfo } from '../../../lib/data/read';
import { useDeletePostMutation } from '../api/forum-mutations';
import { useAttendanceQuery, useWorkoutQuery } from '../api/forum-queries';
import { parseId } from '../common/forum-api';
import { LocalComments } from '../common/local-comments';
import { Author, PlaceLine } from '../common/post-parts';
import { useKept } from '../../../lib/data/offline-set';
import { SignupControls, SignupStats } from './signup-controls';
import { LanePicker } from './lane-picker';
import { CancelledNote, PostManageBar, isCancelled } from '../common/plan-change';
import { useEditWorkoutSheet } from './edit-workout-sheet';
import { useSignupActions } from './use-signup-actions';
import { rememberWaitlistPlace } from './waitlist-memory';
import { deleteWorkoutQuestion } from './workout-card';
import { WaitlistSection, WorkoutRoster } from './workout-roster';
import { rosterWith, startedOnClubClock } from '../common/workout-rules';
import '../forum.css';
import { canManagePost } from '../../../../domain/rules';

// The edit form (react-hook-form, zod) loads when an exec opens it, not with the workout.

/** Offline, for a workout this device has no copy of (one further ahead than the offline set, or older). */
export const NOT_SAVED_WORKOUT_TEXT = 'This workout was not saved on this device.';

/**
 * /workout/{id} (members; the router checks the role). `sections`: what other features add to the page (its
 * duties and polls), and `sheetExtras` to its attendance sheet (the duty holders), handed in by the frame
 * and loaded on demand.
 */
export function WorkoutDetailPage({ sections, sheetExtras }: { sections?: (workoutId: number) => ReactNode; sheetExtras?: (workoutId: number) => ReactNode } = {}) {
  const id = parseId(useParams().id);
  const navigate = useNavigate();
  const { user, can } = useSession();
  const takesAttendance = can('exec');
  const takeAttendance = useSearchParams()[0].get('take') === 'attendance';
  const query = useWorkoutQuery(id);
  const attendance = useAttendanceQuery(id, takesAttendance);
  const deletePost = useDeletePostMutation('workout').mutateAsync;
  const queryClient = useQueryClient();
  const { data, refetch } = query;
  const { fromCache, updatedAt } = offlineInfo(query);
  const workout = data?.workout;
  const edit = useEditWorkoutSheet(workout);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState('');
  const { confirm, dialog } = useConfirm();
  const listKept = useKept(forumKeys.workouts());
  usePageTitle(workout ? workout.title || 'Untitled Workout' : 'Workout');

  const refresh = useCallback(() => void refetch(), [refetch]);

  useEffect(() => {
    if (user && workout && updatedAt !== null) rememberWaitlistPlace(user.id, workout);
  }, [user, workout, updatedAt]);

  const actions = useSignupActions(workout);

  async function remove() {
    if (!workout) return;
    const answer = await confirm(deleteWorkoutQuestion(workout));
    if (!answer) return;
    setDeleting(true);
    setDeleteError('');
    try {
      await deletePost({ id: workout.id, scope: answer === 'alternative' ? 'following' : 'this' });
      navigate('/forum', { replace: true });
    } catch (err) {
      setDeleteError(errorMessage(err, 'Could not delete the workout. Please try again.'));
      setDeleting(false);
    }
  }

  if (id === null || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <Frame>
        <h1>Workout not found</h1>
        <p>This workout may have been deleted, or the link is wrong.</p>
      </Frame>
    );
  }
  if (query.isPending) {
    return (
      <Frame>
        <h1 className="visually-hidden">Workout</h1>
        <Loading text="Loading workout details..." />
      </Frame>
    );
  }
  if (!data || !workout) {
    return (
      <Frame>
        <h1>Workout</h1>
        {isOfflineError(query.error) ? (
          <NotSavedOffline
            text={NOT_SAVED_WORKOUT_TEXT}
            offer={listKept ? <Link to="/forum">Open the forum</Link> : undefined}
            onRetry={refresh}
          />
        ) : (
          <LoadError onRetry={refresh}>
            Could not load this workout: {errorMessage(loadError(query), 'Something went wrong')}
          </LoadError>
        )}
      </Frame>
    );
  }

  const title = workout.title || 'Untitled Workout';
  const attendanceError = attendanceErrorOf(attendance);
  const started = startedOnClubClock(workout, Date.now());
  return (
    <Frame>
      <article className="card forum-detail__main" aria-labelledby="workout-title">
        <div className="forum-card__head">
          <h1 id="workout-title" className="forum-detail__title">
            {title}
          </h1>
          <TypeBadge type={workout.workout_type} />
        </div>
        {edit.sheet}
        {
          <>
            <div className="forum-meta">
              <Author name={workout.author_name} url={workout.authorProfilePictureUrl} />
              <span className="forum-when">
                {formatDate(workout.workout_date, 'long')}, {formatTimeRange(workout.workout_time, workout.workout_end_time)}
              </span>
              <MovedMark at={workout.moved_at} />
              <PlaceLine place={workout.workout_location} />
            </div>
            {isCancelled(workout) && <CancelledNote reason={workout.cancel_reason} />}
            <p className="forum-content">{workout.content}</p>
            <OfflineNote fromCache={fromCache} updatedAt={updatedAt} />
            {actions.view && <SignupStats view={actions.view} />}
            {workout.lanes && workout.lanes.length > 0 && <LanePicker workout={workout} started={started} />}
            {/* With lanes, a sign-up is made in the picker; the controls keep cancelling and leaving. */}
            {!(workout.lanes?.length && !actions.view?.signedUp && actions.view?.waitlistPosition === null) && (
              <SignupControls actions={actions} started={started} cancelled={isCancelled(workout)} />
            )}
            <AddToCalendar kind="workout" id={workout.id} title={workout.title || 'Untitled Workout'} />
            {canManagePost(user, workout.user_id) && (
              <PostManageBar post={workout} onEdit={edit.open} onDelete={() => void remove()} deleting={deleting} />
            )}
            {edit.notice}
            {deleteError && <ErrorMessage>{deleteError}</ErrorMessage>}
            {dialog}
          </>
        }
      </article>

      <WorkoutRoster
        workoutId={workout.id}
        capacity={workout.capacity}
        lanes={workout.lanes}
        waitlist={data.waitlist}
        signups={actions.view ? rosterWith(data.signups, user, actions.view.signedUp) : data.signups}
        myId={user?.id}
        mineUnsynced={actions.view?.unsynced ?? false}
        // A cancelled workout takes no attendance (the server refuses it too).
        takesAttendance={takesAttendance && !isCancelled(workout)}
        record={attendance.data}
        recordLoading={takesAttendance && attendance.isPending}
        recordError={attendanceError ? `Could not load the attendance: ${errorMessage(attendanceError, 'Something went wrong')}` : ''}
        onRecorded={(record) => applyAttendance(queryClient, workout.id, record)}
        started={started}
        startsAt={{ date: workout.workout_date, time: workout.workout_time }}
        focusAttendance={takeAttendance}
        savedAt={fromCache ? updatedAt : null}
        sheetExtras={sheetExtras?.(workout.id)}
      />
      {/* With lanes, one lane without a limit leaves the workout without a capacity, yet another may have a queue. */}
      {data.waitlist.length > 0 && (
        <WaitlistSection entries={data.waitlist} myId={user?.id} lanes={workout.lanes} signups={data.signups} savedAt={fromCache ? updatedAt : null} />
      )}
      {sections?.(workout.id)}
      <LocalComments postId={workout.id} />
    </Frame>
  );
}

/** Opened from the forum list: "Back to Forum" goes back in history, to the same tab, filter and place. */
export function isFromList(state: unknown): boolean {
  return !!state && typeof state === 'object' && (state as { fromList?: unknown }).fromList === true;
}

function Frame({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const fromList = isFromList(location.state);
  return (
    <div className="page forum-detail">
      <Link
        className="forum-back"
        to="/forum"
        onClick={(e) => {
          if (!fromList || e.metaKey || e.ctrlKey || e.shiftKey) return;
          e.preventDefault();
          navigate(-1);
        }}
      >
        <span aria-hidden="true">←</span>Back to Forum
      </Link>
      {children}
    </div>
  );
}

/** The attendance read's failure, unless a copy kept on the device stands in for it. */
function attendanceErrorOf(read: Parameters<typeof offlineInfo>[0]): ApiError | null {
  if (offlineInfo(read).fromCache || !read.error) return null;
  return read.error instanceof ApiError ? read.error : new ApiError(0, 'Something went wrong');
}
