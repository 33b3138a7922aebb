import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { announcementSchema, latestAnnouncementDate } from '../../../domain/contract/announcements-schemas';
import type { Announcement } from '../../../domain/contract/announcements';
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_MAX_DAYS, ANNOUNCEMENT_TITLE_MAX, canManagePost } from '../../../domain/rules';
import { FormField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { ErrorMessage } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { useClubToday } from '../../lib/club/club-clock';
import { useSession } from '../../lib/session/session';
import { formatDate, formatNumber } from '../../lib/ui/format';
import { offlineInfo } from '../../lib/data/read';
import {
  useAnnouncementsQuery,
  useDismissAnnouncementMutation,
  usePostAnnouncementMutation,
  useRemoveAnnouncementMutation,
} from './api/announcement-queries';
import { readDismissed, writeDismissed } from './dismissed';
import './announcements.css';

/**
 * The club's current announcements, pinned at the top of Home for members (newest first), each
 * dismissable by the member for all their devices; execs post and remove them here.
 */
export function PinnedAnnouncements() {
  const headingId = useId();
  const { user, can } = useSession();
  const query = useAnnouncementsQuery();
  const { mutate: dismiss } = useDismissAnnouncementMutation();
  const [dismissedHere, setDismissedHere] = useState<number[]>(() => (user ? readDismissed(user.id) : []));
  const [posting, setPosting] = useState(false);
  const { fromCache } = offlineInfo(query);
  const data = query.data;

  // Each dismissal made on this device that the server's answer does not know yet is sent: at once,
  // or, made offline or with its answer lost, again with each fresh list until it lands.
  // Once sent, it is not sent again while this screen lives (a list read before the server heard of
  // it may still say otherwise), unless the send failed.
  const sent = useRef(new Set<number>());
  useEffect(() => {
    if (!data || fromCache) return;
    for (const a of data.announcements) {
      if (a.dismissed || !dismissedHere.includes(a.id) || sent.current.has(a.id)) continue;
      sent.current.add(a.id);
      dismiss(a.id, { onError: () => sent.current.delete(a.id) });
    }
  }, [data, fromCache, dismissedHere, dismiss]);

  if (!user) return null;
  const all = data?.announcements ?? [];
  const shown = all.filter((a) => !a.dismissed && !dismissedHere.includes(a.id));
  const exec = can('exec');
  if (shown.length === 0 && !exec) return null;

  return (
    <section className="announcements" aria-labelledby={headingId}>
      <div className="announcements__head">
        <h2 id={headingId} className={shown.length === 0 ? 'visually-hidden' : undefined}>
          Club announcements
        </h2>
        {exec && (
          <button type="button" className="button button--small" onClick={() => setPosting(true)}>
            Post an announcement
          </button>
        )}
      </div>
      {shown.length > 0 && (
        <ul className="announcements__list">
          {shown.map((a) => (
            <AnnouncementItem
              key={a.id}
              announcement={a}
              manage={canManagePost(user, a.user_id)}
              onDismiss={() => setDismissedHere(writeDismissed(user.id, a.id, all.map((x) => x.id)))}
            />
          ))}
        </ul>
      )}
      {posting && <AnnouncementModal onClose={() => setPosting(false)} />}
    </section>
  );
}

function AnnouncementItem({ announcement: a, manage, onDismiss }: { announcement: Announcement; manage: boolean; onDismiss: () => void }) {
  const titleId = useId();
  const remove = useRemoveAnnouncementMutation();
  const [error, setError] = useState('');
  return (
    <li className="card announcement" aria-labelledby={titleId}>
      <div className="announcement__top">
        <h3 id={titleId} className="announcement__title">
          {a.title}
        </h3>
        <button type="button" className="icon-button announcement__dismiss" onClick={onDismiss} aria-label={`Dismiss “${a.title}”`}>
          ×
        </button>
      </div>
      <p className="announcement__body">{a.body}</p>
      <p className="announcement__meta">
        {a.author_name} · until {formatDate(a.until)}
      </p>
      {manage && (
        <button
          type="button"
          className="button button--small button--danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate(a.id, { onError: (err) => setError(errorMessage(err, 'Could not remove the announcement')) })}
        >
          Remove for everyone<span className="visually-hidden"> {a.title}</span>
        </button>
      )}
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </li>
  );
}

type Fields = { title: string; body: string; until: string };

function AnnouncementModal({ onClose }: { onClose: () => void }) {
  const today = useClubToday();
  const post = usePostAnnouncementMutation();
  const [fields, setFields] = useState<Fields>({ title: '', body: '', until: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [error, setError] = useState('');
  const set = (k: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [k]: e.target.value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!today) return;
    const parsed = announcementSchema(today).safeParse(fields);
    if (!parsed.success) {
      const next: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as keyof Fields | undefined;
        if (k && !next[k]) next[k] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setError('');
    post.mutate(parsed.data, { onSuccess: onClose, onError: (err) => setError(errorMessage(err, 'Could not post the announcement')) });
  }

  return (
    <Modal title="Post an announcement" onClose={onClose}>
      <form onSubmit={submit} noValidate className="announcement-form">
        <p>Shown at the top of Home for members until its last day, and sent once by notification or email.</p>
        <FormField label="Title" error={errors.title} hint={`One line, at most ${ANNOUNCEMENT_TITLE_MAX} characters`}>
          {(control) => <input {...control} data-autofocus value={fields.title} maxLength={ANNOUNCEMENT_TITLE_MAX} onChange={set('title')} />}
        </FormField>
        <FormField label="Message" error={errors.body} hint={`At most ${formatNumber(ANNOUNCEMENT_BODY_MAX)} characters`}>
          {(control) => <textarea {...control} rows={5} value={fields.body} maxLength={ANNOUNCEMENT_BODY_MAX} onChange={set('body')} />}
        </FormField>
        <FormField label="Show until" error={errors.until} hint={`Within ${ANNOUNCEMENT_MAX_DAYS} days`}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={fields.until}
              min={today ?? undefined}
              max={today ? latestAnnouncementDate(today) : undefined}
              onChange={set('until')}
            />
          )}
        </FormField>
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={post.isPending || !today}>
            {post.isPending ? 'Posting…' : 'Post announcement'}
          </button>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
