import { useId, useState } from 'react';
import type { Poll } from '../../../domain/contract/club/polls';
import { pollDateOption } from '../../../domain/people/polls';
import { UnsyncedMark } from '../../components/offline-note';
import { ErrorMessage } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { pendingFor, performWrite, usePendingWrites } from '../../lib/offline/perform-write';
import { formatDateAndTime, formatDateTime, formatNumber } from '../../lib/ui/format';
import { useClosePollMutation } from './api/poll-mutations';
import { usePollMissingQuery } from './api/poll-queries';

/** An option as a member reads it: a date poll's in the club's words and zone. */
export function optionLabel(poll: Pick<Poll, 'kind'>, option: string): string {
  const at = poll.kind === 'date' ? pollDateOption(option) : null;
  return at ? formatDateAndTime(at.date, at.time) : option;
}

/**
 * One poll: its question and options to answer (a named answer may change until it closes, an
 * anonymous one is final), its results when the poll's rule shows them, and for execs, closing it
 * and who has not answered. An answer goes through the outbox: sent now, or kept and replayed once.
 */
export function PollCard({ poll, exec, at }: { poll: Poll; exec: boolean; at: string }) {
  const questionId = useId();
  const pending = pendingFor(usePendingWrites(), 'poll-answer', poll.id);
  const known = pending?.choices ?? poll.my_choices ?? [];
  const [choices, setChoices] = useState<number[]>(known);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  // An anonymous answer the club has (or this device is sending) is final.
  const final = poll.anonymous && (poll.answered || pending !== undefined);
  const open = !poll.closed;

  const toggle = (i: number, on: boolean) => setChoices((now) => (poll.multiple ? (on ? [...now, i].sort((a, b) => a - b) : now.filter((c) => c !== i)) : [i]));

  const send = async () => {
    setError('');
    if (choices.length === 0) {
      setError(poll.multiple ? 'Choose at least one option' : 'Choose one option');
      return;
    }
    setSending(true);
    try {
      await performWrite({ kind: 'poll-answer', pollId: poll.id, choices, question: poll.question, at });
    } catch (err) {
      setError(errorMessage(err, 'Could not send your answer'));
    } finally {
      setSending(false);
    }
  };

  return (
    <li className="card poll" aria-labelledby={questionId}>
      <h3 id={questionId} className="poll__question">
        {poll.question}
      </h3>
      <p className="poll__meta">
        {poll.closed ? `Closed ${formatDateTime(poll.closes_at)}` : `Closes ${formatDateTime(poll.closes_at)}`} · {poll.anonymous ? 'Anonymous' : 'Named answers'} ·{' '}
        {answeredText(poll.answered_count)}
      </p>
      {open && !final && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <fieldset className="poll__options">
            <legend className="visually-hidden">{poll.multiple ? 'Choose one or more' : 'Choose one'}</legend>
            {poll.options.map((option, i) => (
              <label key={option} className="poll__option">
                <input
                  type={poll.multiple ? 'checkbox' : 'radio'}
                  name={`poll-${poll.id}`}
                  checked={choices.includes(i)}
                  onChange={(e) => toggle(i, e.target.checked)}
                />{' '}
                {optionLabel(poll, option)}
              </label>
            ))}
          </fieldset>
          <div className="actions actions--start">
            <button type="submit" className="button button--primary button--small" disabled={sending}>
              {poll.answered || pending ? 'Change my answer' : 'Answer'}
              <span className="visually-hidden"> “{poll.question}”</span>
            </button>
            {pending && <UnsyncedMark />}
          </div>
        </form>
      )}
      {final && (
        <p className="poll__note">
          You answered. An anonymous answer cannot be changed. {pending && <UnsyncedMark />}
        </p>
      )}
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <PollResults poll={poll} />
      {exec && <ExecTools poll={poll} />}
    </li>
  );
}

function answeredText(n: number): string {
  return n === 1 ? '1 answer' : `${formatNumber(n)} answers`;
}

function PollResults({ poll }: { poll: Poll }) {
  const { results } = poll;
  if (!results) {
    const when = poll.results_shown === 'after_answer' ? 'once you answer' : 'when the poll closes';
    return <p className="poll__note">Results show {when}.</p>;
  }
  const total = results.counts.reduce((a, b) => a + b, 0);
  return (
    <div className="poll__results">
      <h4 className="visually-hidden">Results</h4>
      <ul className="poll__bars">
        {poll.options.map((option, i) => {
          const count = results.counts[i] ?? 0;
          const voters = results.voters?.[i] ?? [];
          return (
            <li key={option}>
              <span className="poll__bar-label">
                {optionLabel(poll, option)}: {count === 1 ? '1 vote' : `${formatNumber(count)} votes`}
              </span>
              <span className="poll__bar" aria-hidden="true">
                <span style={{ width: `${total ? Math.round((count / total) * 100) : 0}%` }} />
              </span>
              {voters.length > 0 && <span className="poll__voters">{voters.map((v) => v.name).join(', ')}</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ExecTools({ poll }: { poll: Poll }) {
  const close = useClosePollMutation();
  const [showMissing, setShowMissing] = useState(false);
  const [error, setError] = useState('');
  const missing = usePollMissingQuery(poll.id, showMissing);
  return (
    <div className="poll__exec">
      <div className="actions actions--start">
        <button type="button" className="button button--small" aria-expanded={showMissing} onClick={() => setShowMissing((s) => !s)}>
          Who has not answered<span className="visually-hidden"> “{poll.question}”</span>
        </button>
        {!poll.closed && (
          <button
            type="button"
            className="button button--small button--danger"
            disabled={close.isPending}
            onClick={() => close.mutate(poll.id, { onError: (err) => setError(errorMessage(err, 'Could not close the poll')) })}
          >
            Close now<span className="visually-hidden"> “{poll.question}”</span>
          </button>
        )}
      </div>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {showMissing && (
        <div className="poll__missing" role="status">
          {missing.data
            ? missing.data.members.length === 0
              ? 'Everyone has answered.'
              : `Not answered yet: ${missing.data.members.map((m) => m.name).join(', ')}`
            : missing.error
              ? errorMessage(missing.error, 'Could not load who has not answered')
              : 'Loading…'}
        </div>
      )}
    </div>
  );
}
