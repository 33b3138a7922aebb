import { Suspense, useState } from 'react';
import type { CancelAnswer, EventPost, WorkoutPost } from '../../../../domain/contract/forum';
import type { ConfirmOptions } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/status';
import { errorMessage } from '../../../lib/data/api-client';
import { lazyNamed } from '../../../lib/ui/lazy-named';
import { usePlanChangeMutation } from '../api/forum-mutations';

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

/** Deleting something members answered: the question offers to cancel it instead (the server refuses the delete). */
export function cancelInsteadQuestion(post: Post): ConfirmOptions {
  const n = answeredCount(post);
  const what = post.type === 'workout' ? 'workout' : 'event';
  return {
    title: `Cancel this ${what} instead?`,
    message: `${n} ${n === 1 ? 'member has' : 'members have'} answered this ${what}. Cancel it with a reason so they are told; delete is for ${what}s posted by mistake.`,
    confirmLabel: `Cancel ${what} instead`,
  };
}

/**
 * The exec's Cancel (with a reason; for a weekly series "this one" or "this and the following") or
 * Reinstate, for a workout or an event, as a button and its dialog; `mayDelete` opens the dialog
 * from elsewhere (a delete that should be a cancel). Members who answered are told by the server.
 */
export function usePlanChange(post: Post | undefined) {
  const [open, setOpen] = useState(false);
  // What the server did, for the exec: "Workout cancelled: 3 members told."
  const [done, setDone] = useState('');
  const report = (answer: CancelAnswer<Post>) =>
    setDone(`${answer.message}: ${answer.notified} ${answer.notified === 1 ? 'member' : 'members'} told.`);
  return {
    button: post ? <PlanChangeButton post={post} onOpen={() => setOpen(true)} onDone={report} /> : null,
    modal: (
      <>
        {done && (
          <p className="forum-plan-done" role="status">
            {done}
          </p>
        )}
        {post && open && (
          <Suspense fallback={null}>
            <CancelPostModal
              post={post}
              onClose={(answer) => {
                setOpen(false);
                if (answer) report(answer);
              }}
            />
          </Suspense>
        )}
      </>
    ),
    /**
     * Before a delete: when members answered, asks to cancel instead (and opens the dialog if so);
     * true when nobody answered and the delete may go on.
     */
    mayDelete: async (confirm: (options: ConfirmOptions) => Promise<unknown>): Promise<boolean> => {
      if (!post || answeredCount(post) === 0) return true;
      if (await confirm(cancelInsteadQuestion(post))) setOpen(true);
      return false;
    },
  };
}

function PlanChangeButton({
  post,
  onOpen,
  onDone,
}: {
  post: Post;
  onOpen: () => void;
  onDone: (answer: CancelAnswer<Post>) => void;
}) {
  const mutation = usePlanChangeMutation();
  const [error, setError] = useState('');
  const what = post.type === 'workout' ? 'workout' : 'event';
  const title = post.title || `Untitled ${what}`;

  if (isCancelled(post)) {
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
  return (
    <button type="button" className="button button--small button--danger" onClick={onOpen}>
      Cancel {what}
      <span className="visually-hidden"> {title}</span>
    </button>
  );
}
