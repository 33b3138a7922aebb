import { useState } from 'react';
import type { CancelAnswer, EventPost, WorkoutPost } from '../../../../domain/contract/training/forum';
import { ActionMenu } from '../../../components/action-menu';
import { ErrorMessage } from '../../../components/status';
import { errorMessage } from '../../../lib/data/api-client';
import { useClubToday } from '../../../lib/club/club-clock';
import { lazyNamed } from '../../../lib/ui/lazy-named';
import { usePlanChangeMutation } from '../api/forum-mutations';
import { SectionBoundary } from '../../../lib/ui/section-boundary';

// The dialog checks the reason with the contract's schema: loaded when an exec opens it, so the
// forum's first load carries no schema library.
const CancelPostModal = lazyNamed(() => import('./cancel-post-modal'), 'CancelPostModal');

type Post = WorkoutPost | EventPost;

/** True for a cancelled workout or event (a copy kept from before the field existed counts as on). */
export function isCancelled(post: Pick<Post, 'cancelled_at'>): boolean {
  return post.cancelled_at != null;
}

/** "Cancelled: Pool closed for a meet", on a card, a page and in my week. */
export function CancelledNote({
  reason,
  className = '',
}: {
  reason: string | null | undefined;
  className?: string;
}) {
  return (
    <p className={`forum-cancelled ${className}`}>
      <strong>Cancelled</strong>
      {reason ? `: ${reason}` : ''}
    </p>
  );
}

/** Members who answered and would be told of a cancel: signed up or waiting, going or maybe; 0 once cancelled. */
export function answeredCount(post: Post): number {
  if (isCancelled(post)) return 0;
  return post.type === 'workout'
    ? post.signupCount + post.waitlistCount
    : post.rsvpCounts.going + post.rsvpCounts.maybe;
}

/** What the author, an exec or an administrator may do to a post in its present state. */
export interface PlanActions {
  cancel: boolean;
  reinstate: boolean;
  delete: boolean;
}

/**
 * Only what makes sense now. Nothing destructive once attendance is taken (it happened). Cancel: a
 * workout until its attendance is taken (one that did not take place can still be called off), an
 * event until its day is over. Reinstate: a cancelled item until its day is over. Delete: only a
 * post nobody answered (a cancelled one counts as unanswered: its members were told), as the server
 * requires; members who answered must hear of it, so that post is cancelled instead. `today` is the
 * club's date, null while the device does not know it (then the server has the last word).
 */
export function planActions(post: Post, today: string | null): PlanActions {
  const cancelled = isCancelled(post);
  const taken = post.type === 'workout' && post.attendanceSubmitted;
  const date = post.type === 'workout' ? post.workout_date : post.event_date;
  const dayNotOver = today === null || date >= today;
  return {
    cancel: !cancelled && !taken && (post.type === 'workout' || dayNotOver),
    reinstate: cancelled && dayNotOver,
    delete: !taken && answeredCount(post) === 0,
  };
}

/**
 * The manager's actions on a workout or an event, the same on its card and its page: Edit and
 * Reinstate in view; Cancel (with a reason, told to who answered) and Delete behind the "⋯" menu;
 * each only when `planActions` allows it. `onDelete` asks and deletes. On a card, `named` puts the
 * post's title in each button's name (a list has many Edit buttons); a page has one of each.
 */
export function PostManageBar({
  post,
  onEdit,
  onDelete,
  deleting,
  named = false,
}: {
  post: Post;
  onEdit?: () => void;
  onDelete: () => void;
  deleting: boolean;
  named?: boolean;
}) {
  const today = useClubToday();
  const [open, setOpen] = useState(false);
  // What the server did, for the exec: "Workout cancelled: 3 members told."
  const [done, setDone] = useState('');
  const report = (answer: CancelAnswer<Post>) =>
    setDone(`${answer.message}: ${answer.notified} ${answer.notified === 1 ? 'member' : 'members'} told.`);
  const can = planActions(post, today);
  const what = post.type === 'workout' ? 'workout' : 'event';
  const title = post.title || `Untitled ${what}`;
  const name = named ? <span className="visually-hidden"> {title}</span> : null;
  return (
    <>
      <div className="forum-card__footer">
        {onEdit && (
          <button type="button" className="button button--small" onClick={onEdit}>
            Edit{name}
          </button>
        )}
        {can.reinstate && <ReinstateButton post={post} onDone={report} />}
        {(can.cancel || can.delete) && (
          <ActionMenu label={`More actions for ${title}`}>
            {can.cancel && (
              <button type="button" className="action-menu__item action-menu__item--danger" onClick={() => setOpen(true)}>
                Cancel {what}
                <span className="visually-hidden"> {title}</span>
              </button>
            )}
            {can.delete && (
              <button type="button" className="action-menu__item action-menu__item--danger" onClick={onDelete} disabled={deleting}>
                Delete{name}
              </button>
            )}
          </ActionMenu>
        )}
      </div>
      {done && (
        <p className="forum-plan-done" role="status">
          {done}
        </p>
      )}
      {open && (
        <SectionBoundary what="the cancel form">
          <CancelPostModal
            post={post}
            onClose={(answer) => {
              setOpen(false);
              if (answer) report(answer);
            }}
          />
        </SectionBoundary>
      )}
    </>
  );
}

function ReinstateButton({ post, onDone }: { post: Post; onDone: (answer: CancelAnswer<Post>) => void }) {
  const mutation = usePlanChangeMutation();
  const [error, setError] = useState('');
  const what = post.type === 'workout' ? 'workout' : 'event';
  const title = post.title || `Untitled ${what}`;
  return (
    <>
      <button
        type="button"
        className="button button--small"
        disabled={mutation.isPending}
        onClick={() => {
          setError('');
          mutation.mutate(
            { id: post.id, reason: null },
            {
              onSuccess: onDone,
              onError: (err) => setError(errorMessage(err, `Could not reinstate the ${what}`)),
            },
          );
        }}
      >
        Reinstate<span className="visually-hidden"> {title}</span>
      </button>
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </>
  );
}
