import { useState, type FormEvent } from 'react';
import type { CancelAnswer, EventPost, WorkoutPost } from '../../../../domain/contract/forum';
import { cancelPostSchema } from '../../../../domain/contract/forum-schemas';
import { firstIssue } from '../../../../domain/contract/common';
import { CANCEL_REASON_MAX } from '../../../../domain/rules';
import { FormField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { ErrorMessage } from '../../../components/status';
import { errorMessage } from '../../../lib/data/api-client';
import { usePlanChangeMutation } from '../api/forum-mutations';

type Post = WorkoutPost | EventPost;

/** The exec's Cancel dialog: a one-line reason and, for a weekly series, this one or the following. */
export function CancelPostModal({ post, onClose }: { post: Post; onClose: (answer?: CancelAnswer<Post>) => void }) {
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
