import { useState, type FormEvent } from 'react';
import type { CancelAnswer, EventPost, WorkoutPost } from '../../../domain/contract/forum';
import { cancelPostSchema } from '../../../domain/contract/forum-schemas';
import { firstIssue } from '../../../domain/contract/common';
import { CANCEL_REASON_MAX } from '../../../domain/rules';
import type { ConfirmOptions } from '../../components/confirm-dialog';
import { FormField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { ErrorMessage } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { usePlanChangeMutation } from './api/forum-mutations';

type Post = WorkoutPost | EventPost;

/** True for a cancelled workout or event (a copy kept from before the field existed counts as on). */
export function isCancelled(post: Pick<Post, 'cancelled_at'>): boolean {
  return post.cancelled_at != null;
}

/** "Cancelled: Pool closed for a meet", on a card, a page and in my week. */
export function CancelledNote({ reason, className = '' }: { reason: string | null | undefined; className?: string }) {
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
  return post.type === 'workout' ? post.signupCount + post.waitlistCount : post.rsvpCounts.going + post.rsvpCounts.maybe;
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
 * Reinstate, for a workout or an event, as a button and its dialog; `openCancel` opens the dialog
 * from elsewhere (a delete that should be a cancel). Members who answered are told by the server.
 */
export function usePlanChange(post: Post | undefined) {
  const [open, setOpen] = useState(false);
  // What the server did, for the exec: "Workout cancelled: 3 members told."
  const [done, setDone] = useState('');
  const report = (answer: CancelAnswer<Post>) => setDone(`${answer.message}: ${answer.notified} ${answer.notified === 1 ? 'member' : 'members'} told.`);
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
          <CancelPostModal
            post={post}
            onClose={(answer) => {
              setOpen(false);
              if (answer) report(answer);
            }}
          />
        )}
      </>
    ),
    openCancel: () => setOpen(true),
  };
}

function PlanChangeButton({ post, onOpen, onDone }: { post: Post; onOpen: () => void; onDone: (answer: CancelAnswer<Post>) => void }) {
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
              { onSuccess: onDone, onError: (err) => setError(errorMessage(err, `Could not reinstate the ${what}`)) },
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

function CancelPostModal({ post, onClose }: { post: Post; onClose: (answer?: CancelAnswer<Post>) => void }) {
  const mutation = usePlanChangeMutation();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [error, setError] = useState('');
  const series = post.type === 'workout' && post.series_id !== null;
  const [scope, setScope] = useState<'this' | 'following'>('this');
  const what = post.type === 'workout' ? 'workout' : 'event';

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = cancelPostSchema.safeParse({ reason });
    if (!parsed.success) {
      setFieldError(firstIssue(parsed.error));
      return;
    }
    setFieldError('');
    setError('');
    mutation.mutate(
      { id: post.id, reason: parsed.data.reason, scope },
      { onSuccess: (answer) => onClose(answer), onError: (err) => setError(errorMessage(err, `Could not cancel the ${what}`)) },
    );
  }

  return (
    <Modal title={`Cancel ${post.title || what}?`} onClose={() => onClose()}>
      <form onSubmit={submit} noValidate className="plan-change">
        <p>
          The {what} stays on the list marked cancelled, with its sign-ups kept. Everyone who {post.type === 'workout' ? 'signed up or is waiting' : 'said going or maybe'} is
          told once, by notification or email.
        </p>
        <FormField label="Reason (one line)" error={fieldError || undefined} hint={`Shown on the ${what} and in the message, at most ${CANCEL_REASON_MAX} characters.`}>
          {(control) => (
            <input
              {...control}
              data-autofocus
              value={reason}
              maxLength={CANCEL_REASON_MAX}
              placeholder="Pool closed for a meet"
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </FormField>
        {series && (
          <fieldset className="plan-change__scope">
            <legend>This workout repeats weekly</legend>
            <label>
              <input type="radio" name="scope" checked={scope === 'this'} onChange={() => setScope('this')} /> This workout only
            </label>
            <label>
              <input type="radio" name="scope" checked={scope === 'following'} onChange={() => setScope('following')} /> This and the
              following
            </label>
          </fieldset>
        )}
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <div className="actions">
          <button type="submit" className="button button--danger" disabled={mutation.isPending}>
            {mutation.isPending ? 'Cancelling…' : `Cancel ${what}`}
          </button>
          <button type="button" className="button" onClick={() => onClose()}>
            Keep it on
          </button>
        </div>
      </form>
    </Modal>
  );
}
