import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { COMMENT_MAX } from '../../../../domain/contract/forum';
import { EmptyState, ErrorMessage } from '../../../components/status';
import { formatDateTime } from '../../../lib/ui/format';
import { useSession } from '../../../lib/session/session';
import { addComment, checkComment, listComments, type LocalComment } from '../../../lib/offline/comments-db';
import { Avatar } from '../../../components/avatar';
import { CharCounter } from './post-parts';

const UNAVAILABLE = 'Comments are not available in this browser (its local storage is turned off).';

/** Comments on a workout or event, stored in this browser only: the club's server keeps no comments. */
export function LocalComments({ postId }: { postId: number }) {
  const id = useId();
  const { user } = useSession();
  const [comments, setComments] = useState<LocalComment[] | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

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

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkComment(text);
    if (!checked.ok) return setError(checked.error);
    setBusy(true);
    setError('');
    try {
      if (userId === undefined) return;
      await addComment({ userId, postId, user_name: user?.name ?? 'Me', content: checked.content, created_at: Date.now() });
      setText('');
      await load();
    } catch {
      setError(UNAVAILABLE);
    } finally {
      setBusy(false);
    }
  }

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
      <form className="form forum-comment-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-text`}>Add a comment</label>
          {/* Said where the comment is written: it goes nowhere. */}
          <p id={`${id}-where`} className="field-hint forum-comment-where">
            Notes on this device: a comment stays in this browser. It is never sent to the club or shown to other members.
          </p>
          <textarea
            id={`${id}-text`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-describedby={`${id}-where ${id}-count`}
            aria-invalid={text.trim().length > COMMENT_MAX || undefined}
          />
          <CharCounter id={`${id}-count`} value={text} max={COMMENT_MAX} />
        </div>
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            Post Comment
          </button>
        </div>
      </form>
    </section>
  );
}
