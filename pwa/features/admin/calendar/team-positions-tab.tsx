import { useId, useState } from 'react';
import { POSITION_GROUP_NAMES, POSITION_GROUPS, positionGroup, positionId, type PositionGroup, type TeamPosition, type TeamPositionsDocument } from '../../../../domain/contract/club/profiles';
import { useConfirm } from '../../../components/confirm-dialog';
import { FormField } from '../../../components/form-field';
import { EmptyState } from '../../../components/status';
import type { ApiError } from '../../../lib/data/api-error';
import { DocumentFrame } from '../common/document-frame';
import { useDocumentEditor } from '../common/use-document-editor';
import './calendar.css';

/** The people a removal would clear from the team page, as the server's question names them. */
function heldPositions(question: ApiError): { title: string; name: string }[] {
  return Array.isArray(question.body.held) ? (question.body.held as { title: string; name: string }[]) : [];
}

/** Every position with its section said, so the form shows it and a save keeps it. */
const withGroups = (doc: TeamPositionsDocument): TeamPositionsDocument => ({
  ...doc,
  positions: doc.positions.map((p) => ({ ...p, group: positionGroup(p) })),
});

/** Admin → Team: the positions of the Coaches and Exec page, added, renamed, put in a section, reordered and removed. */
export function TeamPositionsTab() {
  const editor = useDocumentEditor('team-positions', { what: 'positions', toForm: withGroups });
  const [added, setAdded] = useState('');
  const [addError, setAddError] = useState<string | undefined>(undefined);
  const { confirm, dialog } = useConfirm();

  const change = (next: (positions: TeamPosition[]) => TeamPosition[]) => editor.setDraft((doc) => ({ ...doc, positions: next(doc.positions) }));

  function move(index: number, step: number) {
    change((positions) => {
      const next = [...positions];
      const [item] = next.splice(index, 1);
      next.splice(index + step, 0, item!);
      return next;
    });
  }

  function add() {
    const title = added.trim();
    if (!title) {
      setAddError('Type the new position’s title first');
      return;
    }
    setAddError(undefined);
    // The id is made once, from the first title, and kept through any rename.
    const taken = [...editor.draft!.positions.map((p) => p.id), ...(editor.origin?.body.positions.map((p) => p.id) ?? [])];
    // A new position's section starts as the ids have always read ("Head Coach" is a coach); its row changes it.
    change((positions) => {
      const id = positionId(title, taken);
      return [...positions, { id, title, group: positionGroup({ id }) }];
    });
    setAdded('');
  }

  const save = () =>
    editor.save({
      ask: async (question) => {
        const held = heldPositions(question);
        const sure = await confirm({
          title: held.length === 1 ? `Remove ${held[0]!.title}?` : `Remove ${held.length} held positions?`,
          message: `${held.map((h) => `${h.name} holds ${h.title}`).join('; ')}. Removing the position deletes their card from the team page.`,
          confirmLabel: 'Remove anyway',
        });
        return sure === true;
      },
    });

  return (
    <DocumentFrame
      editor={editor}
      className="calendar-admin"
      savedNotice="Positions saved."
      onSave={save}
      theirs={({ body }) => `Their positions: ${body.positions.map((p) => p.title).join(', ') || 'none'}.`}
      showsField={(path) => /^positions\.\d+\./.test(path)}
    >
      {({ positions }) => (
        <>
          <p className="hint">
            The positions on the Coaches and Exec page, in its order, each under Coaches or Executive Team. Renaming a
            position keeps whoever holds it; execs fill a position from its card.
          </p>
          {positions.length === 0 && <EmptyState>No positions: the team page is empty.</EmptyState>}
          <ol className="calendar-admin__positions">
            {positions.map((p, i) => (
              <PositionRow
                key={p.id}
                position={p}
                first={i === 0}
                last={i === positions.length - 1}
                error={editor.errorIn(`positions.${i}`)}
                onTitle={(title) => change((list) => list.map((x, j) => (j === i ? { ...x, title } : x)))}
                onGroup={(group) => change((list) => list.map((x, j) => (j === i ? { ...x, group } : x)))}
                onUp={() => move(i, -1)}
                onDown={() => move(i, 1)}
                onRemove={() => change((list) => list.filter((_, j) => j !== i))}
              />
            ))}
          </ol>
          <div className="calendar-admin__actions calendar-admin__picker">
            <FormField label="New position" className="calendar-admin__field" error={addError}>
              {(control) => (
                <input
                  {...control}
                  type="text"
                  maxLength={60}
                  value={added}
                  onChange={(e) => {
                    setAdded(e.target.value);
                    setAddError(undefined);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      add();
                    }
                  }}
                />
              )}
            </FormField>
            <button type="button" className="button button--small button--ghost" onClick={add}>
              Add position
            </button>
          </div>
          {dialog}
        </>
      )}
    </DocumentFrame>
  );
}

function PositionRow({
  position,
  first,
  last,
  error,
  onTitle,
  onGroup,
  onUp,
  onDown,
  onRemove,
}: {
  position: TeamPosition;
  first: boolean;
  last: boolean;
  error: string | undefined;
  onTitle: (title: string) => void;
  onGroup: (group: PositionGroup) => void;
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
      <div className="field calendar-admin__field">
        <label htmlFor={`${id}-group`} className="visually-hidden">
          Section of {name}
        </label>
        <select id={`${id}-group`} value={positionGroup(position)} onChange={(e) => onGroup(e.target.value as PositionGroup)}>
          {POSITION_GROUPS.map((g) => (
            <option key={g} value={g}>
              {POSITION_GROUP_NAMES[g]}
            </option>
          ))}
        </select>
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
