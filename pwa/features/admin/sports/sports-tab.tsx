import { useId } from 'react';
import {
  BADGE_COLOURS,
  BADGE_COLOUR_LABELS,
  SPORTS,
  SPORT_LABELS,
  SPORT_PACE_UNITS,
  TYPE_MINUTES_MAX,
  TYPE_MINUTES_MIN,
  TYPE_NAME_MAX,
  idFromName,
  type SportsDocument,
  type WorkoutFilterDefinition,
  type WorkoutTypeDefinition,
} from '../../../../domain/sports';
import { PACE_UNIT_TEXT, isSpeed } from '../../../../domain/paces';
import { FormField } from '../../../components/form-field';
import { KindBadge } from '../../../parts/posts/post-parts';
import { EmptyState } from '../../../components/status';
import { useTypeUsageQuery } from '../api/admin-queries';
import { setClubSports } from '../../../lib/club/club-sports';
import { DocumentFrame } from '../common/document-frame';
import { useDocumentEditor } from '../common/use-document-editor';
import './sports.css';

/** A row of the editor: a type, and whether it was added in this edit (its id then follows its name). */
interface TypeRow extends WorkoutTypeDefinition {
  added?: boolean;
}

/** The draft: the document's shape, new types marked. */
interface Draft {
  types: TypeRow[];
  filters: WorkoutFilterDefinition[];
}

/**
 * The document as it is published: rows without the editor's marks, names trimmed, and a filter
 * added in this edit with its id from its name (the forum's address keeps it: ?sport=bike).
 */
function toBody({ types, filters }: Draft): SportsDocument {
  return {
    types: types.map(({ added: _added, ...t }) => ({ ...t, name: t.name.trim() })),
    filters: filters.map((f, i) => ({
      ...f,
      id: f.id || idFromName(f.name, filters.filter((_, j) => j !== i).map((o) => o.id)),
      name: f.name.trim(),
    })),
  };
}

/**
 * Admin → Sports: the club's workout types (name, sport, badge colour, usual length) in the order the
 * New Workout form offers them, and the forum's filters as groups of types. A type with workouts is
 * retired rather than removed; renaming keeps every workout of it.
 */
export function SportsTab() {
  const usage = useTypeUsageQuery();
  const editor = useDocumentEditor<'sports', Draft>('sports', {
    what: 'sports',
    toForm: (body) => ({ types: body.types.map((t) => ({ ...t })), filters: body.filters }),
    toBody,
    onPublished: (saved) => {
      setClubSports(saved.body);
      void usage.refetch();
    },
  });

  return (
    <DocumentFrame
      editor={editor}
      aria-label="Sports and workout types"
      className="sports-admin"
      saveLabel="Save sports"
      savedNotice="Sports saved: the New Workout form, the badges and the filters use them now."
      theirs={({ body }) => `Theirs: ${body.types.filter((t) => !t.retired).map((t) => t.name).join(', ')}; filters ${body.filters.map((f) => f.name).join(', ') || 'none'}.`}
      showsField={(path) => /^(types|filters)\.\d+\./.test(path)}
    >
      {(draft) => (
        <SportsFields
          draft={draft}
          used={new Map((usage.data?.types ?? []).map((t) => [t.id, t.workouts]))}
          errorAt={editor.errorAt}
          change={(next) => editor.setDraft((current) => ({ ...current, ...next(current) }))}
        />
      )}
    </DocumentFrame>
  );
}

function SportsFields({
  draft,
  used,
  errorAt,
  change,
}: {
  draft: Draft;
  used: ReadonlyMap<string, number>;
  errorAt: (field: string) => string | undefined;
  change: (next: (draft: Draft) => Partial<Draft>) => void;
}) {
  const setType = (i: number, patch: Partial<TypeRow>) =>
    change(({ types, filters }) => {
      const before = types[i]!;
      const after = { ...before, ...patch };
      // A type added in this edit takes its id from its name; an existing one keeps its id forever.
      if (before.added && patch.name !== undefined) after.id = idFromName(patch.name, types.filter((_, k) => k !== i).map((o) => o.id));
      const rename = (id: string) => (id === before.id ? after.id : id);
      return {
        types: types.map((t, j) => (j === i ? after : t)),
        filters: after.id === before.id ? filters : filters.map((f) => ({ ...f, types: f.types.map(rename) })),
      };
    });
  const moveType = (i: number, by: -1 | 1) =>
    change(({ types }) => {
      const next = [...types];
      [next[i], next[i + by]] = [next[i + by]!, next[i]!];
      return { types: next };
    });
  const removeType = (i: number) =>
    change(({ types, filters }) => {
      const id = types[i]!.id;
      return { types: types.filter((_, j) => j !== i), filters: filters.map((f) => ({ ...f, types: f.types.filter((t) => t !== id) })) };
    });
  const addType = () =>
    change(({ types }) => ({
      types: [...types, { id: idFromName('', types.map((t) => t.id)), name: '', sport: 'other', colour: 'grey', minutes: 60, retired: false, added: true }],
    }));
  const setFilter = (i: number, patch: Partial<WorkoutFilterDefinition>) =>
    change(({ filters }) => ({ filters: filters.map((f, j) => (j === i ? { ...f, ...patch } : f)) }));

  return (
    <>
      <p className="hint">
        The kinds of workout execs can post, in the order the New Workout form offers them. Renaming a type keeps its
        workouts; a type with workouts can be retired (no new workouts of it) but not removed.
      </p>
      <h2 className="sports-admin__title">Workout types</h2>
      <ol className="sports-admin__types">
        {draft.types.map((t, i) => (
          <TypeEditor
            key={t.added ? `new-${i}` : t.id}
            type={t}
            workouts={used.get(t.id) ?? 0}
            first={i === 0}
            last={i === draft.types.length - 1}
            errorAt={(field) => errorAt(`types.${i}.${field}`)}
            onChange={(patch) => setType(i, patch)}
            onMove={(by) => moveType(i, by)}
            onRemove={() => removeType(i)}
          />
        ))}
      </ol>
      <p>
        <button type="button" className="button button--small button--ghost" onClick={addType}>
          Add a workout type
        </button>
      </p>

      <h2 className="sports-admin__title">Filters</h2>
      <p className="hint">The forum&apos;s filters after “All”: each shows the workouts of the types ticked.</p>
      {draft.filters.length === 0 && <EmptyState>No filters: the forum shows “All” only.</EmptyState>}
      <ul className="sports-admin__filters">
        {draft.filters.map((f, i) => (
          <FilterEditor
            key={f.id || `new-${i}`}
            filter={f}
            types={draft.types}
            errorAt={(field) => errorAt(`filters.${i}.${field}`)}
            onChange={(patch) => setFilter(i, patch)}
            onRemove={() => change(({ filters }) => ({ filters: filters.filter((_, j) => j !== i) }))}
          />
        ))}
      </ul>
      <p>
        <button type="button" className="button button--small button--ghost" onClick={() => change(({ filters }) => ({ filters: [...filters, { id: '', name: '', types: [] }] }))}>
          Add a filter
        </button>
      </p>
    </>
  );
}

/** How a sport's lanes and the members' own paces are measured, under its choice. */
function paceNote(sport: TypeRow['sport']): string {
  const unit = SPORT_PACE_UNITS[sport];
  if (!unit) return 'Lanes without a pace';
  return isSpeed(unit) ? `Lanes by speed, ${PACE_UNIT_TEXT[unit]}` : `Lanes by pace, m:ss ${PACE_UNIT_TEXT[unit]}`;
}

function TypeEditor({
  type,
  workouts,
  first,
  last,
  errorAt,
  onChange,
  onMove,
  onRemove,
}: {
  type: TypeRow;
  workouts: number;
  first: boolean;
  last: boolean;
  errorAt: (field: string) => string | undefined;
  onChange: (patch: Partial<TypeRow>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const label = type.name.trim() || 'the new type';
  const small = 'button button--small button--ghost';
  return (
    <li className={`sports-admin__type${type.retired ? ' sports-admin__type--retired' : ''}`}>
      <div className="sports-admin__type-head">
        <KindBadge colour={type.colour}>{type.name.trim() || 'New type'}</KindBadge>
        <span className="hint">
          {type.retired ? 'Retired · ' : ''}
          {workouts === 0 ? 'No workouts yet' : `${workouts} ${workouts === 1 ? 'workout' : 'workouts'}`}
        </span>
      </div>
      <div className="sports-admin__fields">
        <FormField label="Name" error={errorAt('name') ?? errorAt('id')}>
          {(field) => (
            <input
              {...field}
              type="text"
              value={type.name}
              maxLength={TYPE_NAME_MAX}
              autoFocus={type.added && type.name === ''}
              onChange={(e) => onChange({ name: e.target.value })}
            />
          )}
        </FormField>
        <FormField label="Sport" error={errorAt('sport')} hint={paceNote(type.sport)}>
          {(field) => (
            <select {...field} value={type.sport} onChange={(e) => onChange({ sport: e.target.value as TypeRow['sport'] })}>
              {SPORTS.map((s) => (
                <option key={s} value={s}>
                  {SPORT_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Badge colour" error={errorAt('colour')}>
          {(field) => (
            <select {...field} value={type.colour} onChange={(e) => onChange({ colour: e.target.value as TypeRow['colour'] })}>
              {BADGE_COLOURS.map((c) => (
                <option key={c} value={c}>
                  {BADGE_COLOUR_LABELS[c]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Usual length (minutes)" error={errorAt('minutes')}>
          {(field) => (
            <input
              {...field}
              type="number"
              inputMode="numeric"
              min={TYPE_MINUTES_MIN}
              max={TYPE_MINUTES_MAX}
              step={5}
              value={Number.isNaN(type.minutes) ? '' : type.minutes}
              onChange={(e) => onChange({ minutes: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
            />
          )}
        </FormField>
      </div>
      <div className="sports-admin__actions">
        <button type="button" className={small} aria-label={`Move ${label} up`} disabled={first} onClick={() => onMove(-1)}>
          ↑
        </button>
        <button type="button" className={small} aria-label={`Move ${label} down`} disabled={last} onClick={() => onMove(1)}>
          ↓
        </button>
        {type.retired ? (
          <button type="button" className={small} onClick={() => onChange({ retired: false })}>
            Bring back {label}
          </button>
        ) : (
          !type.added && (
            <button type="button" className={small} onClick={() => onChange({ retired: true })}>
              Retire {label}
            </button>
          )
        )}
        {workouts === 0 && (
          <button type="button" className={small} onClick={onRemove}>
            Remove {label}
          </button>
        )}
      </div>
    </li>
  );
}

function FilterEditor({
  filter,
  types,
  errorAt,
  onChange,
  onRemove,
}: {
  filter: WorkoutFilterDefinition;
  types: readonly TypeRow[];
  errorAt: (field: string) => string | undefined;
  onChange: (patch: Partial<WorkoutFilterDefinition>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const typesError = errorAt('types');
  return (
    <li className="sports-admin__filter">
      <FormField label="Filter name" error={errorAt('name')}>
        {(field) => <input {...field} type="text" value={filter.name} maxLength={TYPE_NAME_MAX} onChange={(e) => onChange({ name: e.target.value })} />}
      </FormField>
      <fieldset className="sports-admin__filter-types" aria-describedby={typesError ? `${id}-types-error` : undefined}>
        <legend>Shows</legend>
        {types.map((t) => (
          <label key={t.id} className="admin-checkbox">
            <input
              type="checkbox"
              checked={filter.types.includes(t.id)}
              onChange={(e) => onChange({ types: e.target.checked ? [...filter.types, t.id] : filter.types.filter((x) => x !== t.id) })}
            />
            <span>{t.name.trim() || 'New type'}</span>
          </label>
        ))}
        {typesError && (
          <p id={`${id}-types-error`} className="field-error">
            {typesError}
          </p>
        )}
      </fieldset>
      <button type="button" className="button button--small button--ghost" onClick={onRemove}>
        Remove filter {filter.name.trim() || 'the new filter'}
      </button>
    </li>
  );
}
