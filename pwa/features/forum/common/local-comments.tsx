import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { COMMENT_MAX } from '../../../../domain/contract/training/forum';
import { EmptyState, ErrorMessage } from '../../../components/status';
import { formatDateTime } from '../../../lib/ui/format';
import { useSession } from '../../../lib/session/session';
import { addComment, listComments, type LocalComment } from '../../../lib/offline/comments-db';
import { Avatar } from '../../../components/avatar';
import { useDeferredContractForm } from '../../../lib/forms/deferred-form';
import { CharCounter } from './post-parts';

const UNAVAILABLE = 'Comments are not available in this browser (its local storage is turned off).';

// The rules load with the form's first check, and react-hook-form with the first touch of the form,
// so a workout's page does not download them for a comment it may never get.
const commentRules = () => import('../../../../domain/contract/training/forum-schemas').then((m) => m.commentSchema);

/** Comments on a workout or event, stored in this browser only: the club's server keeps no comments. */
export function LocalComments({ postId }: { postId: number }) {
  const id = useId();
  const { user } = useSession();
  const [comments, setComments] = useState<LocalComment[] | null>(null);
  const [error, setError] = useState('');
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors, isSubmitting },
    formEvents,
  } = useDeferredContractForm<{ content: string }>(commentRules, { defaultValues: { content: '' } });
  const text = watch('content') ?? '';

  const userId = user?.id;
  const load = useCallback(async () => {
    if (userId === undefined) return setComments([]);
    try {
      setComments(await listComments(userId, postId));
    } catch {
      setComments([]);
      setError(UNAVAILABLE);
    }
  }, [postId, userId]);

  useEffect(() => {
    void load();
  }, [load]);

  async function submit(event: FormEvent) {
    let posted = false;
    await handleSubmit(async ({ content }) => {
      setError('');
      try {
        if (userId === undefined) return;
        await addComment({ userId, postId, user_name: user?.name ?? 'Me', content, created_at: Date.now() });
        posted = true;
        await load();
      } catch {
        setError(UNAVAILABLE);
      }
    })(event);
    // Emptied once the submit is over, so the box starts over for the next comment.
    if (posted) reset({ content: '' });
  }
  const fieldError = errors.content?.message;

  return (
    <section className="card forum-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Comments{comments ? ` (${comments.length})` : ''}</h2>
      {comments === null ? null : comments.length === 0 ? (
        <EmptyState>No comments yet.</EmptyState>
      ) : (
        <ul className="forum-people forum-comments">
          {comments.map((c) => (
            <li key={c.id} className="forum-comment">
              <Avatar name={c.user_name} url={null} size={40} className="forum-avatar forum-avatar--small" />
              <div>
                <p className="forum-comment__head">
                  <strong>{c.user_name}</strong> <span className="hint">{formatDateTime(c.created_at)}</span>
                </p>
                <p className="forum-content">{c.content}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form className="form forum-comment-form" onSubmit={(e) => void submit(e)} noValidate {...formEvents}>
        <div className="field">
          <label htmlFor={`${id}-text`}>Add a comment</label>
          {/* Said where the comment is written: it goes nowhere. */}
          <p id={`${id}-where`} className="field-hint forum-comment-where">
            Notes on this device: a comment stays in this browser. It is never sent to the club or shown to other members.
          </p>
          <textarea
            id={`${id}-text`}
            {...register('content')}
            aria-describedby={`${fieldError ? `${id}-error ` : ''}${id}-where ${id}-count`}
            aria-invalid={fieldError || text.trim().length > COMMENT_MAX ? true : undefined}
          />
          <CharCounter id={`${id}-count`} value={text} max={COMMENT_MAX} />
          {fieldError && (
            <p id={`${id}-error`} className="field-error">
              {fieldError}
            </p>
          )}
        </div>
        {(error || errors.root?.message) && <ErrorMessage>{error || errors.root?.message}</ErrorMessage>}
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            Post Comment
          </button>
        </div>
      </form>
    </section>
  );
}
