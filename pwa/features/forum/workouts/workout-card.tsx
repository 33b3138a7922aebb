import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { SeriesScope, WorkoutPost } from '../../../../domain/contract/training/forum';
import { useConfirm, type ConfirmOptions } from '../../../components/confirm-dialog';
import { MovedMark, TypeBadge } from '../../../parts/posts/post-parts';
import { ErrorMessage } from '../../../components/status';
import { formatTimeRange } from '../../../lib/ui/format';
import { errorMessage } from '../../../lib/data/api-client';
import { useSession } from '../../../lib/session/session';
import { Author, PlaceLine } from '../common/post-parts';
import { SignupControls } from './signup-controls';
import { LaneLines, myLaneText } from './lane-lines';
import { CancelledNote, PostManageBar, isCancelled } from '../common/plan-change';
import { useEditWorkoutSheet } from './edit-workout-sheet';
import { useSignupActions } from './use-signup-actions';
import { cardStateText, startedOnClubClock } from '../common/workout-rules';
import { canManagePost } from '../../../../domain/rules';

// The edit form (react-hook-form, zod) loads when an exec opens it, not with the workout.

export const DELETE_WORKOUT_CONFIRM = 'Are you sure you want to delete this workout post?';
export const DELETE_SERIES_CONFIRM =
  'This workout repeats weekly. Delete only this one, or this one and the later workouts of the series?';

/** The delete question for a workout: a series' workout offers "this and the following" too. */
export function deleteWorkoutQuestion(workout: Pick<WorkoutPost, 'series_id'>): ConfirmOptions {
  return workout.series_id
    ? {
        title: 'Delete workout?',
        message: DELETE_SERIES_CONFIRM,
        confirmLabel: 'This workout',
        alternativeLabel: 'This and the following',
      }
    : { title: 'Delete workout?', message: DELETE_WORKOUT_CONFIRM, confirmLabel: 'Delete' };
}

interface WorkoutCardProps {
  workout: WorkoutPost;
  onDelete: (id: number, scope: SeriesScope) => Promise<void>;
}

/** The attendance line of a started workout on an exec's card: the way in, or what was recorded. */
function AttendanceAction({ workout, title }: { workout: WorkoutPost; title: string }) {
  if (workout.attendanceSubmitted) {
    return <p className="forum-card__attendance">{attendanceTakenText(workout)}</p>;
  }
  return (
    <div className="forum-card__attendance forum-card__action">
      <Link
        className="button button--primary"
        to={`/workout/${workout.id}?take=attendance`}
        state={{ fromList: true }}
      >
        Take attendance<span className="visually-hidden">: {title}</span>
      </Link>
    </div>
  );
}

/** 'Attendance taken · 10 of 12' (just 'Attendance taken' from an answer without the counts). */
export function attendanceTakenText(
  workout: Pick<WorkoutPost, 'attendancePresent' | 'attendanceTotal'>,
): string {
  const { attendancePresent: present, attendanceTotal: total } = workout;
  return typeof present === 'number' && typeof total === 'number'
    ? `Attendance taken · ${present} of ${total}`
    : 'Attendance taken';
}

/** One workout in the forum list: view mode, or edit mode for its author, execs and administrators. */
export function WorkoutCard({ workout, onDelete }: WorkoutCardProps) {
  const titleId = useId();
  const { user, can } = useSession();
  const edit = useEditWorkoutSheet(workout);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState('');
  const { confirm, dialog } = useConfirm();
  const actions = useSignupActions(workout);
  const title = workout.title || 'Untitled Workout';
  const manage = canManagePost(user, workout.user_id);
  const cancelled = isCancelled(workout);
  const started = startedOnClubClock(workout, Date.now());
  const takesAttendance = started && !cancelled && can('exec');

  async function remove() {
    const answer = await confirm(deleteWorkoutQuestion(workout));
    if (!answer) return;
    setDeleting(true);
    setDeleteError('');
    try {
      await onDelete(workout.id, answer === 'alternative' ? 'following' : 'this');
    } catch (err) {
      setDeleteError(errorMessage(err, 'Could not delete the workout. Please try again.'));
      setDeleting(false);
    }
  }

  // The whole card opens the workout (its title link covers the card); the buttons sit above it.
  return (
    <article
      className={`card forum-card forum-card--link${cancelled ? ' forum-card--cancelled' : ''}`}
      aria-labelledby={titleId}
    >
      <div className="forum-card__head">
        <h3 id={titleId} className="forum-card__title">
          <Link className="forum-card__link" to={`/workout/${workout.id}`} state={{ fromList: true }}>
            {title}
          </Link>
        </h3>
        <TypeBadge type={workout.workout_type} />
      </div>
      <div className="forum-meta">
        <span className="forum-when">{formatTimeRange(workout.workout_time, workout.workout_end_time)}</span>
        <MovedMark at={workout.moved_at} />
        <PlaceLine place={workout.workout_location} />
        <Author name={workout.author_name} url={workout.authorProfilePictureUrl} />
      </div>
      {cancelled && <CancelledNote reason={workout.cancel_reason} />}
      {workout.content && <p className="forum-content forum-content--preview">{workout.content}</p>}
      {actions.view && (
        <p className="forum-card__state">
          {started && <span className="forum-card__started">Started · </span>}
          {cardStateText(actions.view)}
        </p>
      )}
      {workout.lanes && workout.lanes.length > 0 && (
        <>
          <LaneLines lanes={workout.lanes} />
          {myLaneText(workout.lanes) && <p className="forum-card__state">{myLaneText(workout.lanes)}</p>}
        </>
      )}
      {takesAttendance && <AttendanceAction workout={workout} title={title} />}
      {workout.lanes?.length && !actions.view?.signedUp && actions.view?.waitlistPosition === null && !started && !cancelled ? (
        // A lane is chosen on the workout's page, where the member's pace suggests one.
        <Link className="button button--accent forum-card__action" to={`/workout/${workout.id}`} state={{ fromList: true }}>
          Choose a lane
        </Link>
      ) : (
        <SignupControls actions={actions} started={started} cancelled={cancelled} startedShown={takesAttendance} />
      )}
      {manage && <PostManageBar post={workout} onEdit={edit.open} onDelete={() => void remove()} deleting={deleting} named />}
      {edit.notice}
      {deleteError && <ErrorMessage>{deleteError}</ErrorMessage>}
      {dialog}
      {edit.sheet}
    </article>
  );
}
