import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorMessage, Notice } from '../../components/status';
import { performAction } from '../../lib/actions';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import type { OutboxOp } from '../../lib/offline-db';
import { discard, replay, retry, suggestedFix } from '../../lib/outbox';
import { attentionCount, pendingCount, useOutboxState } from '../../lib/outbox-store';
import { usePageTitle } from '../../lib/use-page-title';
import { describeAction } from './describe';
import './sync.css';

/** /sync: what is saved on this device and not yet on the server, and what needs a decision. */
export function SyncPage() {
  usePageTitle('Sync');
  const state = useOutboxState();
  const [problem, setProblem] = useState('');
  const attention = state.ops.filter((o) => o.state === 'attention');
  const pending = state.ops.filter((o) => o.state === 'pending');

  return (
    <div className="page page--narrow">
      <h1>Sync</h1>
      {!state.storageAvailable && (
        <Notice tone="warning">
          This browser cannot store data on the device (private mode or blocked storage). The app works while you are
          online, but changes cannot be kept offline.
        </Notice>
      )}
      <p className="lead">
        {!state.online ? 'You are offline. ' : ''}
        {pendingCount(state)} waiting to sync, {attentionCount(state)} need attention.
      </p>
      {state.paused && <Notice tone="warning">Your session ended: sign in again to send the changes below.</Notice>}
      {problem && <ErrorMessage>{problem}</ErrorMessage>}

      <h2>Needs attention</h2>
      {attention.length === 0 ? (
        <EmptyState>Nothing needs your attention.</EmptyState>
      ) : (
        <ul className="sync-list">
          {attention.map((op) => (
            <AttentionItem key={op.seq} op={op} onProblem={setProblem} />
          ))}
        </ul>
      )}

      <h2>Waiting to sync</h2>
      {pending.length === 0 ? (
        <EmptyState>Everything made on this device has reached the club.</EmptyState>
      ) : (
        <>
          <ul className="sync-list">
            {pending.map((op) => {
              const { text, href } = describeAction(op.action);
              return (
                <li key={op.seq} className="card sync-op">
                  <Link to={href}>{text}</Link>
                  <p className="sync-op__meta">
                    Made {formatDateTime(op.createdAt)}
                    {op.attempts > 0 ? ` · ${op.attempts} attempt${op.attempts === 1 ? '' : 's'} so far` : ''}
                  </p>
                </li>
              );
            })}
          </ul>
          <button type="button" className="button button--primary" disabled={!state.online || state.syncing} onClick={() => void replay()}>
            {state.syncing ? 'Syncing…' : 'Sync now'}
          </button>
        </>
      )}
    </div>
  );
}

function AttentionItem({ op, onProblem }: { op: OutboxOp; onProblem: (text: string) => void }) {
  const { text, href } = describeAction(op.action);
  const fix = suggestedFix(op);
  const record = op.action.kind === 'attendance' && op.errorStatus === 409 ? op.errorBody : undefined;
  async function applyFix() {
    if (!fix) return;
    try {
      await discard(op.seq!);
      await performAction(fix.action);
    } catch (err) {
      onProblem(errorMessage(err, 'That did not work. Please try again.'));
    }
  }
  return (
    <li className="card sync-op">
      <Link to={href}>{text}</Link>
      <p className="sync-op__meta">Made {formatDateTime(op.createdAt)}</p>
      <div className="alert alert--warning" role="status">
        {op.error ?? 'The club did not accept this change.'}
        {record && typeof record.submitted_by === 'string' && (
          <p>
            The attendance on record was submitted by {record.submitted_by}
            {typeof record.submitted_at === 'number' ? ` at ${formatDateTime(record.submitted_at)}` : ''}.
          </p>
        )}
      </div>
      <div className="actions">
        {fix && (
          <button type="button" className="button button--primary" onClick={() => void applyFix()}>
            {fix.label}
          </button>
        )}
        {op.action.kind !== 'attendance' || op.errorStatus !== 409 ? (
          <button type="button" className="button" onClick={() => void retry(op.seq!)}>
            Try again
          </button>
        ) : null}
        <button type="button" className="button" onClick={() => void discard(op.seq!)}>
          Discard
        </button>
      </div>
    </li>
  );
}
