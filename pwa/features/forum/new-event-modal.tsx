import { useId, useState, type FormEvent } from 'react';
import { addDays } from '../../../api/contract/dates';
import { firstIssue } from '../../../api/contract/common';
import {
  CONTENT_MAX,
  FUTURE_EVENT_ERROR,
  TITLE_MAX,
  createEventSchema,
  isFutureDate,
  type EventPost,
  type NewEvent,
} from '../../../api/contract/forum';
import { Modal } from '../../components/modal';
import { ErrorMessage } from '../../components/status';
import { errorMessage } from '../../lib/api-client';
import { localToday } from '../../lib/format';
import { useCreatePostMutation } from './api/forum-queries';
import { CharCounter } from './post-parts';

export interface EventDraft {
  title: string;
  eventDate: string;
  content: string;
}

/** SPEC.md §5 New event: the shared schema, then the future-date rule. */
export function checkNewEvent(draft: EventDraft, today: string): { ok: true; body: NewEvent } | { ok: false; error: string } {
  const parsed = createEventSchema.safeParse({ type: 'event', ...draft });
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error) };
  if (!isFutureDate(parsed.data.eventDate, today)) return { ok: false, error: FUTURE_EVENT_ERROR };
  return { ok: true, body: parsed.data };
}

export function NewEventModal({ onClose, onCreated }: { onClose: () => void; onCreated: (post: EventPost) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<EventDraft>({ title: '', eventDate: '', content: '' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const create = useCreatePostMutation('event');
  const set = (key: keyof EventDraft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkNewEvent(draft, localToday());
    if (!checked.ok) return setError(checked.error);
    setBusy(true);
    setError('');
    try {
      const post = await create.mutateAsync(checked.body);
      onCreated(post);
    } catch (err) {
      setError(errorMessage(err, 'Failed to create event'));
      setBusy(false);
    }
  }

  return (
    <Modal title="New Event" onClose={busy ? undefined : onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-title`}>Title</label>
          <input id={`${id}-title`} value={draft.title} onChange={set('title')} maxLength={TITLE_MAX} required data-autofocus />
        </div>
        <div className="field">
          <label htmlFor={`${id}-date`}>Date</label>
          <input id={`${id}-date`} type="date" value={draft.eventDate} onChange={set('eventDate')} min={addDays(localToday(), 1)} required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-content`}>Details</label>
          <textarea
            id={`${id}-content`}
            value={draft.content}
            onChange={set('content')}
            aria-describedby={`${id}-count`}
            aria-invalid={draft.content.length > CONTENT_MAX || undefined}
            required
          />
          <CharCounter id={`${id}-count`} value={draft.content} max={CONTENT_MAX} />
        </div>
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <div className="actions">
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Posting…' : 'Post Event'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
