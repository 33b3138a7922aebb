import { useEffect, useId, useState, useMemo } from 'react';
import { announcementSchema, defaultAnnouncementDate, latestAnnouncementDate } from '../../../domain/contract/club/announcements-schemas';
import type { Announcement } from '../../../domain/contract/club/announcements';
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_MAX_DAYS, ANNOUNCEMENT_TITLE_MAX, canManagePost } from '../../../domain/rules';
import { FormField } from '../../components/form-field';
import { FormFooter } from '../../components/form-footer';
import { Modal } from '../../components/modal';
import { ErrorMessage } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { useClubToday } from '../../lib/club/club-clock';
import { useSession } from '../../lib/session/session';
import { formatDate, formatNumber } from '../../lib/ui/format';
import { useContractForm } from '../../lib/forms/forms';
import { pendingFor, performWrite, usePendingWrites } from '../../lib/offline/perform-write';
import { useAnnouncementsQuery } from './api/announcement-queries';
import { usePostAnnouncementMutation, useRemoveAnnouncementMutation } from './api/announcement-mutations';
import { readLegacyDismissals, takeLegacyDismissals } from './dismissed';
import './announcements.css';

/**
 * The club's current announcements, pinned at the top of Home for members (newest first), each
 * dismissable by the member for all their devices; execs post and remove them here.
 */
export function PinnedAnnouncements() {
  const headingId = useId();
  const { user, can } = useSession();
  const query = useAnnouncementsQuery();
  const pending = usePendingWrites();
  // Dismissed on this screen: hidden at once, before the club's answer or the outbox has it.
  const [dismissedHere, setDismissedHere] = useState<ReadonlySet<number>>(() => new Set(user ? readLegacyDismissals(user.id) : []));
  const [posting, setPosting] = useState(false);

  // Dismissals an older version of the app kept on this device join the outbox once.
  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined) return;
    for (const id of takeLegacyDismissals(userId)) dismiss(id);
  }, [userId]);

  if (!user) return null;
  const all = query.data?.announcements ?? [];
  // The club's word, with this device's waiting dismissals laid over it (as every outbox write is).
  const shown = all.filter((a) => !a.dismissed && !dismissedHere.has(a.id) && !pendingFor(pending, 'announcement-dismissal', a.id));
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
              onDismiss={() => {
                setDismissedHere((ids) => new Set(ids).add(a.id));
                dismiss(a.id);
              }}
            />
          ))}
        </ul>
      )}
      {posting && <AnnouncementModal onClose={() => setPosting(false)} />}
    </section>
  );
}

/**
 * Tells the club, through the outbox: sent now, or kept on the device and replayed (with the same
 * Idempotency-Key) until the club has it. A refusal leaves it hidden here: the announcement is gone
 * (404) or the member may no longer see announcements.
 */
function dismiss(announcementId: number): void {
  performWrite({ kind: 'announcement-dismissal', announcementId }).catch(() => {});
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
  const [error, setError] = useState('');
  // `until` is checked against the club's today: until the device knows it, nothing is checked or sent.
  const schema = useMemo(() => announcementSchema(today ?? ''), [today]);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors },
  } = useContractForm<Fields>(schema, { defaultValues: { title: '', body: '', until: today ? defaultAnnouncementDate(today) : '' } });
  // "Show until" starts on a week from the club's today (known once the club's zone is), until the exec picks a day.
  useEffect(() => {
    if (today && !getValues('until')) setValue('until', defaultAnnouncementDate(today));
  }, [today, getValues, setValue]);

  const submit = handleSubmit((values) => {
    setError('');
    post.mutate(values, { onSuccess: onClose, onError: (err) => setError(errorMessage(err, 'Could not post the announcement')) });
  });

  return (
    <Modal title="Post an announcement" onClose={onClose}>
      <form onSubmit={(e) => (today ? void submit(e) : e.preventDefault())} noValidate className="announcement-form">
        <p>Shown at the top of Home for members until its last day, and sent once by notification or email.</p>
        <FormField label="Title" error={errors.title?.message} hint={`One line, at most ${ANNOUNCEMENT_TITLE_MAX} characters`}>
          {(control) => <input {...control} data-autofocus maxLength={ANNOUNCEMENT_TITLE_MAX} {...register('title')} />}
        </FormField>
        <FormField label="Message" error={errors.body?.message} hint={`At most ${formatNumber(ANNOUNCEMENT_BODY_MAX)} characters`}>
          {(control) => <textarea {...control} rows={5} maxLength={ANNOUNCEMENT_BODY_MAX} {...register('body')} />}
        </FormField>
        <FormField label="Show until" error={errors.until?.message} hint={`Within ${ANNOUNCEMENT_MAX_DAYS} days`}>
          {(control) => (
            <input
              {...control}
              type="date"
              min={today ?? undefined}
              max={today ? latestAnnouncementDate(today) : undefined}
              {...register('until')}
            />
          )}
        </FormField>
        {(error || errors.root?.message) && <ErrorMessage>{error || errors.root?.message}</ErrorMessage>}
        <FormFooter submitLabel="Post announcement" busy={post.isPending} busyLabel="Posting…" disabled={!today} />
      </form>
    </Modal>
  );
}
