import { useState } from 'react';
import type { CancelAnswer, EventPost, WorkoutPost } from '../../../../domain/contract/training/forum';
import { cancelPostSchema } from '../../../../domain/contract/training/forum-schemas';
import { CANCEL_REASON_MAX } from '../../../../domain/rules';
import { FormField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { ErrorMessage } from '../../../components/status';
import { errorMessage } from '../../../lib/data/api-client';
import { usePlanChangeMutation } from '../api/forum-mutations';
import { useContractForm } from '../../../lib/forms/forms';

type Post = WorkoutPost | EventPost;

/** The exec's Cancel dialog: a one-line reason and, for a weekly series, this one or the following. */
export function CancelPostModal({ post, onClose }: { post: Post; onClose: (answer?: CancelAnswer<Post>) => void }) {
  const mutation = usePlanChangeMutation();
  const [error, setError] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm<{ reason: string }>(cancelPostSchema, { defaultValues: { reason: '' } });
  const series = post.type === 'workout' && post.series_id !== null;
  const [scope, setScope] = useState<'this' | 'following'>('this');
  const what = post.type === 'workout' ? 'workout' : 'event';

  // The scope is a choice, not a field with rules: it rides in the address (scope=following).
  const submit = handleSubmit(({ reason }) => {
    setError('');
    mutation.mutate(
      { id: post.id, reason, scope },
      { onSuccess: (answer) => onClose(answer), onError: (err) => setError(errorMessage(err, `Could not cancel the ${what}`)) },
    );
  });

  return (
    <Modal title={`Cancel ${post.title || what}?`} onClose={() => onClose()}>
      <form onSubmit={(e) => void submit(e)} noValidate className="plan-change">
        <p>
          The {what} stays on the list marked cancelled, with its sign-ups kept. Everyone who {post.type === 'workout' ? 'signed up or is waiting' : 'said going or maybe'} is
          told once, by notification or email.
        </p>
        <FormField label="Reason (one line)" error={errors.reason?.message} hint={`Shown on the ${what} and in the message, at most ${CANCEL_REASON_MAX} characters.`}>
          {(control) => <input {...control} data-autofocus maxLength={CANCEL_REASON_MAX} placeholder="Pool closed for a meet" {...register('reason')} />}
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
        {(error || errors.root?.message) && <ErrorMessage>{error || errors.root?.message}</ErrorMessage>}
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
