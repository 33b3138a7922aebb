import { EmptyState, ErrorMessage, Loading } from '../../components/status';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useEmailsQuery } from './api/admin-queries';

const STATUS_LABELS: Record<string, string> = {
  pending: 'Queued',
  sent: 'Sent',
  logged: 'In mailbox',
  failed: 'Failed',
};

/** The local mailbox: with no mail provider configured the app's emails are read here (DESIGN.md §5). */
export function EmailsTab() {
  const outbox = useEmailsQuery();
  const emails = outbox.data?.emails ?? [];

  return (
    <div className="emails-tab">
      <div className="emails-tab__bar">
        <p className="hint">Emails the app has sent or queued, newest first.</p>
        <button type="button" className="button button--small" onClick={() => void outbox.refetch()}>
          Refresh
        </button>
      </div>
      {outbox.isPending ? (
        <Loading text="Loading emails…" />
      ) : outbox.error && !outbox.data ? (
        <ErrorMessage>{errorMessage(outbox.error, 'Failed to load emails')}</ErrorMessage>
      ) : emails.length === 0 ? (
        <EmptyState>No emails yet.</EmptyState>
      ) : (
        <ul className="email-list">
          {emails.map((m) => (
            <li key={m.id} className="card email-card">
              <div className="email-card__head">
                <h2 className="email-card__subject">{m.subject}</h2>
                <span className={`badge email-status email-status--${m.status}`}>
                  {STATUS_LABELS[m.status] ?? m.status}
                </span>
              </div>
              <p className="email-card__meta">
                To <strong>{m.to}</strong> ·{' '}
                <time dateTime={new Date(m.created_at).toISOString()}>{formatDateTime(m.created_at)}</time>
              </p>
              <details>
                <summary>Show message</summary>
                <pre className="email-card__text">{m.text}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
