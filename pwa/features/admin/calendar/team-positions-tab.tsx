import { useId, useState } from 'react';
import { positionId, type TeamPosition } from '../../../../domain/contract/profiles';
import type { ClubDocument } from '../../../../domain/contract/club-documents';
import { useConfirm } from '../../../components/confirm-dialog';
import { EmptyState, ErrorMessage, Loading, Notice } from '../../../components/status';
import { ApiError, errorMessage } from '../../../lib/data/api-client';
import { newerVersion, refusedField, useClubDocument, usePublishDocument } from '../../../lib/data/club-documents';
import './calendar.css';

/** The people a refused removal named: the server asks before clearing their cards. */
function heldPositions(error: unknown): { title: string; name: string }[] | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.body.confirm !== true || !Array.isArray(error.body.held)) return null;
  return error.body.held as { title: string; name: string }[];
}

/** Admin → Team: the positions of the Coaches and Exec page, added, renamed, reordered and removed. */
export function TeamPositionsTab() {
  const document = useClubDocument('team-positions');
  const publish = usePublishDocument('team-positions');
  if (document.isPending) return <Loading text="Loading the positions…" />;
  if (!document.data) return <ErrorMessage>{errorMessage(document.error, 'Failed to load the positions')}</ErrorMessage>;
  return <PositionsEditor key={document.data.version} document={document.data} publish={publish} />;
}

function PositionsEditor({
  document,
  publish,
}: {
  document: ClubDocument<'team-positions'>;
  publish: ReturnType<typeof usePublishDocument<'team-positions'>>;
}) {
  const [positions, setPositions] = useState<TeamPosition[]>(() => document.body.positions.map((p) => ({ ...p })));
  const [problem, setProblem] = useState<{ index: number; message: string } | null>(null);
  const [error, setError] = useState('');
  const [dirty, setDirty] = useState(false);
  const [added, setAdded] = useState('');
  const addId = useId();
  const { confirm, dialog } = useConfirm();

  function change(next: TeamPosition[]) {
    setPositions(next);
    setDirty(true);
    setProblem(null);
  }

  function move(index: number, step: number) {
    const next = [...positions];
    const [item] = next.splice(index, 1);
    next.splice(index + step, 0, item!);
    change(next);
  }

  function add() {
    const title = added.trim();
    if (!title) {
      setError('Type the new position’s title first');
      return;
    }
    setError('');
    // The id is made once, from the first title, and kept through any rename.
    change([...positions, { id: positionId(title, [...positions.map((p) => p.id), ...document.body.positions.map((p) => p.id)]), title }]);
    setAdded('');
  }

  async function save(confirmed = false) {
    setError('');
    const blank = positions.findIndex((p) => p.title.trim() === '');
    if (blank >= 0) {
      setProblem({ index: blank, message: 'Give the position a title' });
      return;
    }
    try {
      await publish.mutateAsync({ body: { positions }, version: document.version, ...(confirmed && { confirm: true }) });
    } catch (err) {
      const held = heldPositions(err);
      if (held) {
        const sure = await confirm({
          title: held.length === 1 ? `Remove ${held[0]!.title}?` : `Remove ${held.length} held positions?`,
          message: `${held.map((h) => `${h.name} holds ${h.title}`).join('; ')}. Removing the position deletes their card from the team page.`,
          confirmLabel: 'Remove anyway',
        });
        if (sure === true) await save(true);
        return;
      }
      if (newerVersion(err)) {
        setError('Another administrator saved the positions while you were editing: their version is shown now. Make your change again.');
        return;
      }
      const field = refusedField(err);
      const m = field ? /^positions\.(\d+)\./.exec(field) : null;
      if (m) setProblem({ index: Number(m[1]), message: errorMessage(err, 'Not saved') });
      else setError(errorMessage(err, 'The positions were not saved'));
    }
  }

  return (
    <div className="calendar-admin">
      <p className="hint">
        The positions on the Coaches and Exec page, in its order. Renaming a position keeps whoever holds it; execs fill
        a position from its card.
      </p>
      {positions.length === 0 && <EmptyState>No positions: the team page is empty.</EmptyState>}
      <ol className="calendar-admin__positions">
        {positions.map((p, i) => (
          <PositionRow
            key={p.id}
            position={p}
            first={i === 0}
            last={i === positions.length - 1}
            error={problem?.index === i ? problem.message : undefined}
            onTitle={(title) => change(positions.map((x, j) => (j === i ? { ...x, title } : x)))}
            onUp={() => move(i, -1)}
            onDown={() => move(i, 1)}
            onRemove={() => change(positions.filter((_, j) => j !== i))}
          />
        ))}
      </ol>
      <div className="calendar-admin__actions calendar-admin__picker">
        <div className="field calendar-admin__field">
          <label htmlFor={addId}>New position</label>
          <input
            id={addId}
            type="text"
            maxLength={60}
            value={added}
            onChange={(e) => setAdded(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
        </div>
        <button type="button" className="button button--small button--ghost" onClick={add}>
          Add position
        </button>
      </div>
      {dialog}
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {publish.isSuccess && !dirty && <Notice tone="success">Positions saved.</Notice>}
      <div className="calendar-admin__save">
        <button type="button" className="button" disabled={publish.isPending} onClick={() => void save()}>
          {publish.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </div>
  );
}

function PositionRow({
  position,
  first,
  last,
  error,
  onTitle,
  onUp,
  onDown,
  onRemove,
}: {
  position: TeamPosition;
  first: boolean;
  last: boolean;
  error: string | undefined;
  onTitle: (title: string) => void;
  onUp: () => void;
  onDown: () => void;
  onRemove: () => void;
}) {
  const id = useId();
  const name = position.title || 'new position';
  return (
    <li className="calendar-admin__position">
      <div className="field calendar-admin__field">
        <label htmlFor={id} className="visually-hidden">
          Title of {name}
        </label>
        <input
          id={id}
          type="text"
          maxLength={60}
          value={position.title}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onTitle(e.target.value)}
        />
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="calendar-admin__position-actions">
        <button type="button" className="button button--small button--ghost" aria-label={`Move ${name} up`} disabled={first} onClick={onUp}>
          ↑
        </button>
        <button type="button" className="button button--small button--ghost" aria-label={`Move ${name} down`} disabled={last} onClick={onDown}>
          ↓
        </button>
        <button type="button" className="button button--small button--ghost" aria-label={`Remove ${name}`} onClick={onRemove}>
          Remove
        </button>
      </div>
    </li>
  );
}
