import { useState } from 'react';
import type { QueuedMessage } from '../../../domain/contract/members/admin';
import { EmptyState, ErrorMessage, Loading } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { formatDateTime } from '../../lib/ui/format';
import { useMessagesQuery } from './api/admin-queries';

const STATUS_LABELS: Record<string, string> = {
  pending: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  logged: 'In mailbox',
  failed: 'Failed',
  dropped: 'Dropped',
};

type Filter = 'all' | 'email' | 'push';
const FILTERS: { id: Filter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'email', label: 'Emails' },
  { id: 'push', label: 'Notifications' },
];

/**
 * Admin > Messages: every email and push notification the app has sent or queued, with its status and
 * retries. With no mail provider (or WEB_PUSH=off) it is the local mailbox.
 */
export function MessagesTab() {
  const outbox = useMessagesQuery();
  const [filter, setFilter] = useState<Filter>('all');
  const messages = (outbox.data?.emails ?? []).filter((m) => filter === 'all' || m.channel === filter);

  return (
    <div className="messages-tab">
      <div className="messages-tab__bar">
        <p className="hint">Emails and notifications the app has sent or queued, newest first.</p>
        <button type="button" className="button button--small" onClick={() => void outbox.refetch()}>
          Refresh
        </button>
      </div>
      <div className="messages-tab__filters" role="group" aria-label="Show">
        {FILTERS.map((f) => (
          <button
            key={f.id}
            type="button"
            className="button button--small button--ghost"
            aria-pressed={filter === f.id}
            onClick={() => setFilter(f.id)}
          >
            {f.label}
          </button>
        ))}
      </div>
      {outbox.isPending ? (
        <Loading text="Loading messages…" />
      ) : outbox.error && !outbox.data ? (
        <ErrorMessage>{errorMessage(outbox.error, 'Failed to load messages')}</ErrorMessage>
      ) : messages.length === 0 ? (
        <EmptyState>{filter === 'push' ? 'No notifications yet.' : filter === 'email' ? 'No emails yet.' : 'No messages yet.'}</EmptyState>
      ) : (
        <ul className="message-list">
          {messages.map((m) => (
            <MessageCard key={m.id} message={m} />
          ))}
        </ul>
      )}
    </div>
  );
}

function MessageCard({ message: m }: { message: QueuedMessage }) {
  const push = m.channel === 'push';
  return (
    <li className="card message-card">
      <div className="message-card__head">
        <h2 className="message-card__subject">{m.subject}</h2>
        <span className={`badge message-status message-status--${m.status}`}>{STATUS_LABELS[m.status] ?? m.status}</span>
      </div>
      <p className="message-card__meta">
        <span className="badge message-channel">{push ? 'Notification' : 'Email'}</span> To <strong>{m.to}</strong>
        {push && <> on {m.device ?? 'a removed device'}</>} ·{' '}
        <time dateTime={new Date(m.created_at).toISOString()}>{formatDateTime(m.created_at)}</time>
        {m.attempts > 1 && <> · {m.attempts} tries</>}
      </p>
      {m.last_error && m.status !== 'sent' && <p className="message-card__error">{m.last_error}</p>}
      {push ? (
        <p className="message-card__text">{m.text}</p>
      ) : (
        <details>
          <summary>Show message</summary>
          <pre className="message-card__text">{m.text}</pre>
        </details>
      )}
    </li>
  );
}
