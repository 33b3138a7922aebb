import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorMessage, Notice } from '../../components/status';
import { performWrite } from '../../lib/offline/perform-write';
import { errorMessage } from '../../lib/data/api-client';
import { formatDateTime } from '../../lib/ui/format';
import type { OutboxOp } from '../../lib/offline/offline-db';
import { discard, nextAttemptOf, retry, retryNow, suggestedFix } from '../../lib/offline/outbox';
import { attentionCount, pendingCount, useOutboxState } from '../../lib/offline/outbox-store';
import { useSession } from '../../lib/session/session';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { describeAction } from './describe';
import { useSecondsUntil } from './sync-indicator';
import { WaitingAccounts } from '../../parts/waiting-accounts';
import './sync.css';
import { useRuleText } from '../../lib/club/club-rules';

/** /sync: what is saved on this device and not yet on the server, and what needs a decision. */
export function SyncPage() {
  usePageTitle('Sync');
  const { user } = useSession();
  if (!user) return <SignedOutSync />;
  return <SyncOf userId={user.id} />;
}

/**
 * Signed out (or the session ended), the device may still hold changes of an account: they have not
 * reached the club, and signing in as that account sends them.
 */
function SignedOutSync() {
  return (
    <div className="page page--narrow">
      <h1>Sync</h1>
      <p className="lead">You are signed out: nothing on this device is being sent to the club.</p>
      <WaitingAccounts signedInAs={null} />
      <p>
        <Link className="button button--primary" to="/login">
          Sign in
        </Link>
      </p>
    </div>
  );
}

function SyncOf({ userId }: { userId: number }) {
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
      <WaitingAccounts signedInAs={userId} />
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
          <NextAttempt at={state.online && !state.syncing ? nextAttemptOf(state.ops) : null} />
          <button
            type="button"
            className="button button--primary"
            disabled={!state.online || state.syncing}
            onClick={() => void retryNow()}
          >
            {state.syncing ? 'Syncing…' : 'Retry now'}
          </button>
        </>
      )}
    </div>
  );
}

/** When the next automatic attempt is due, if later than now. */
function NextAttempt({ at }: { at: number | null }) {
  const seconds = useSecondsUntil(at);
  if (at === null || seconds <= 1) return null;
  return (
    <p className="sync-op__meta">
      Next automatic try in {seconds} seconds{seconds >= 60 ? ` (${formatDateTime(at)})` : ''}.
    </p>
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
      await performWrite(fix.action);
    } catch (err) {
      onProblem(errorMessage(err, 'That did not work. Please try again.'));
    }
  }
  if (op.conflict === 'promoted') return <PromotedItem op={op} onGiveUp={() => void applyFix()} />;
  return (
    <li className="card sync-op">
      <Link to={href}>{text}</Link>
      <p className="sync-op__meta">Made {formatDateTime(op.createdAt)}</p>
      <div className="alert alert--warning" role="status">
        {op.error ?? 'The club did not accept this change.'}
        {record && typeof record.submitted_by === 'string' && (
          <p>
            The attendance on record was submitted by {record.submitted_by}
            {typeof record.submitted_at === 'number' ? ` on ${formatDateTime(record.submitted_at)}` : ''}.
          </p>
        )}
      </div>
      <div className="actions">
        {fix && (
          <button type="button" className="button button--primary" onClick={() => void applyFix()}>
            {fix.label}
          </button>
        )}
        {/* A refusal that will not change (a recorded attendance, a cancelled workout or event) is not tried again. */}
        {(op.action.kind !== 'attendance' || op.errorStatus !== 409) && op.errorBody?.cancelled !== true ? (
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

/**
 * A queued "leave the waitlist" met a promotion: the place is hers until she says otherwise
 * (docs/decisions/0055).
 */
function PromotedItem({ op, onGiveUp }: { op: OutboxOp; onGiveUp: () => void }) {
  const ruleWords = useRuleText();
  const { text, href } = describeAction(op.action);
  return (
    <li className="card sync-op">
      <Link to={href}>{text}</Link>
      <p className="sync-op__meta">Made {formatDateTime(op.createdAt)}</p>
      <div className="alert alert--warning" role="status">
        {op.error}
        <p>
          Keep the place, or give it up (a cancellation {ruleWords.lateWindow} before the workout counts as an
          absence).
        </p>
      </div>
      <div className="actions">
        <button type="button" className="button button--primary" onClick={() => void discard(op.seq!)}>
          Keep my place
        </button>
        <button type="button" className="button" onClick={onGiveUp}>
          Give it up
        </button>
      </div>
    </li>
  );
}
