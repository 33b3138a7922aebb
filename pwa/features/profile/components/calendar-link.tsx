import { useId, useState } from 'react';
import { hasRole } from '../../../../domain/contract/roles';
import { useConfirm } from '../../../components/confirm-dialog';
import { ErrorMessage, LoadError, Notice } from '../../../components/status';
import { errorMessage } from '../../../lib/data/api-client';
import { loadError } from '../../../lib/data/read';
import { useSession } from '../../../lib/session/session';
import { useCalendarLinkQuery } from '../api/calendar-link-queries';
import { useResetCalendarLinkMutation } from '../api/calendar-link-mutations';

export const RESET_CALENDAR_CONFIRM =
  'Calendars subscribed to the current link stop updating. You will need to subscribe again with the new link.';

/**
 * The member's personal calendar feed: the secret address to subscribe to, Copy, and
 * "Reset link" for when it was shared by mistake (the old address then answers 404).
 */
export function CalendarLink() {
  const { user } = useSession();
  const headingId = useId();
  const fieldId = useId();
  const member = !!user && hasRole(user.role, 'member');
  const query = useCalendarLinkQuery(member);
  const reset = useResetCalendarLinkMutation();
  const { confirm, dialog } = useConfirm();
  const [copied, setCopied] = useState<'' | 'copied' | 'failed'>('');
  if (!member) return null;

  const url = query.data?.url;
  const error = loadError(query);

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  }

  async function askReset() {
    const yes = await confirm({ title: 'Reset calendar link?', message: RESET_CALENDAR_CONFIRM, confirmLabel: 'Reset link' });
    if (!yes) return;
    setCopied('');
    reset.mutate();
  }

  return (
    <section aria-labelledby={headingId} className="profile-calendar">
      <h2 id={headingId}>Calendar</h2>
      <p className="hint">
        Subscribe to this private link in Google Calendar or Apple Calendar to see your workouts, events and races
        there. Anyone with the link can see them: keep it to yourself.
      </p>
      {error ? (
        <LoadError onRetry={() => void query.refetch()}>Could not load your calendar link: {errorMessage(error, 'Something went wrong')}</LoadError>
      ) : (
        <>
          <label htmlFor={fieldId} className="visually-hidden">
            Your calendar link
          </label>
          <input
            id={fieldId}
            className="profile-calendar__url"
            readOnly
            value={url ?? 'Loading…'}
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="actions profile-calendar__actions">
            <button type="button" className="button button--primary" disabled={!url} onClick={() => void copy()}>
              Copy link
            </button>
            <button type="button" className="button button--ghost" disabled={!url || reset.isPending} onClick={() => void askReset()}>
              {reset.isPending ? 'Resetting…' : 'Reset link'}
            </button>
          </div>
        </>
      )}
      {copied === 'copied' && <Notice tone="success">Link copied.</Notice>}
      {copied === 'failed' && <ErrorMessage>Could not copy: select the link and copy it by hand.</ErrorMessage>}
      {reset.isSuccess && <Notice tone="success">New link made. The old one no longer works.</Notice>}
      {reset.isError && <ErrorMessage>{errorMessage(reset.error, 'Could not reset the link')}</ErrorMessage>}
      {dialog}
    </section>
  );
}
