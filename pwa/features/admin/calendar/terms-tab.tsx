import { useId, useState } from 'react';
import { byStart, nextYearTerms, termId, termYear, type TermDefinition } from '../../../../domain/calendar';
import { EmptyState, Notice } from '../../../components/status';
import { useClubToday } from '../../../lib/club/club-clock';
import { setClubTerms } from '../../../lib/club/club-terms';
import { DocumentFrame } from '../common/document-frame';
import { useDocumentEditor } from '../common/use-document-editor';
import './calendar.css';

/** A row of the editor: a term, or a new one (no id yet) of a given year. */
interface Row extends TermDefinition {
  year: number;
}

// Rows are put in date order when the terms load and when they are saved, never while a date is
// typed: a row that moved as its first day changed would hand the next field to another term.
const toRows = (terms: readonly TermDefinition[]): Row[] => byStart(terms).map((t) => ({ ...t, year: termYear(t) }));

/** The rows as the document holds them: a new term's id is its name and year. */
function toTerms(rows: Row[]): TermDefinition[] {
  return rows.map(({ year, ...t }) => ({ ...t, name: t.name.trim(), id: t.id || termId(t.name, year) }));
}

/** Admin → Terms: the club's membership terms, year by year, and "Add next year". */
export function TermsTab() {
  // This device's pickers follow at once; others learn the terms with their next /api/config.
  const editor = useDocumentEditor('terms', { what: 'terms', toForm: (body) => toRows(body.terms), onPublished: (saved) => setClubTerms(saved.body.terms) });
  const [notice, setNotice] = useState('');
  const today = useClubToday();
  const thisYear = Number((today ?? new Date().toISOString()).slice(0, 4));

  function change(index: number, patch: Partial<Row>) {
    editor.setDraft((list) => list.map((r, i) => (i === index ? { ...r, ...patch } : r)));
    setNotice('');
  }

  function addNextYear() {
    const added = nextYearTerms(toTerms(editor.draft!));
    if (added.length === 0) return;
    editor.setDraft((list) => [...list, ...toRows(added)]);
    setNotice(`${termYear(added[0]!)}'s terms were added, copied from ${termYear(added[0]!) - 1}: check the dates, then Save.`);
  }

  function addTerm(year: number) {
    editor.setDraft((list) => [...list, { id: '', name: '', start: '', end: '', year }]);
  }

  function remove(index: number) {
    editor.setDraft((list) => list.filter((_, i) => i !== index));
  }

  async function save() {
    setNotice('');
    // Checked where the rows stand, so each problem is shown beside its term; saved in date order,
    // and shown so: a refusal names a term by its place in what was sent.
    if (editor.check({ terms: toTerms(editor.draft!) }).problems) return;
    const rows = byStart(editor.draft!);
    editor.setDraft(rows);
    await editor.publish({ terms: toTerms(rows) });
  }

  return (
    <DocumentFrame
      editor={editor}
      className="calendar-admin"
      savedNotice="Terms saved."
      onSave={save}
      theirs={({ body }) => `Their terms: ${body.terms.map((t) => `${t.name} ${termYear(t)} (${t.start} to ${t.end})`).join('; ') || 'none'}.`}
      showsField={(path) => /^terms\.\d+\.(name|start|end|id)$/.test(path)}
    >
      {(rows) => {
        const years = [...new Set(rows.map((r) => r.year))].sort((a, b) => b - a);
        const shown = years.filter((y) => y >= thisYear);
        const earlier = years.filter((y) => y < thisYear);
        const yearBlock = (year: number) => (
          <YearTerms key={year} year={year} rows={rows} errorAt={editor.errorAt} onChange={change} onRemove={remove} onAdd={() => addTerm(year)} />
        );
        return (
          <>
            <p className="hint">
              The terms members pay for and the club counts in: renewals, the approve dialog&rsquo;s end dates, absences this
              term, the attendance report and the bounds of a weekly series all follow them.
            </p>
            {editor.document && editor.document.version > 0 && editor.document.publishedBy && (
              <p className="hint">Last saved by {editor.document.publishedBy.name}.</p>
            )}
            <div className="calendar-admin__actions">
              <button type="button" className="button button--small" onClick={addNextYear}>
                Add next year
              </button>
            </div>
            {rows.length === 0 && <EmptyState>No terms yet: add a year.</EmptyState>}
            {shown.map(yearBlock)}
            {earlier.length > 0 && (
              <details className="calendar-admin__earlier">
                <summary>
                  Earlier years ({earlier[earlier.length - 1]}–{earlier[0]})
                </summary>
                {earlier.map(yearBlock)}
              </details>
            )}
            {notice && <Notice tone="success">{notice}</Notice>}
          </>
        );
      }}
    </DocumentFrame>
  );
}

interface YearProps {
  year: number;
  rows: Row[];
  errorAt: (path: string) => string | undefined;
  onChange: (index: number, patch: Partial<Row>) => void;
  onRemove: (index: number) => void;
  onAdd: () => void;
}

function YearTerms({ year, rows, errorAt, onChange, onRemove, onAdd }: YearProps) {
  const entries = rows.map((row, index) => ({ row, index })).filter((e) => e.row.year === year);
  return (
    <fieldset className="calendar-admin__year">
      <legend>{year}</legend>
      {entries.map(({ row, index }) => (
        <TermRow key={index} row={row} index={index} errorAt={(field) => errorAt(`terms.${index}.${field}`)} onChange={onChange} onRemove={onRemove} />
      ))}
      <button type="button" className="button button--small button--ghost" onClick={onAdd}>
        Add a term to {year}
      </button>
    </fieldset>
  );
}

function TermRow({
  row,
  index,
  errorAt,
  onChange,
  onRemove,
}: {
  row: Row;
  index: number;
  /** The message of one of this term's fields ('start'). */
  errorAt: (field: string) => string | undefined;
  onChange: (index: number, patch: Partial<Row>) => void;
  onRemove: (index: number) => void;
}) {
  const id = useId();
  const label = `${row.name || 'New term'} ${row.year}`;
  // A term's id is made from its name: its problem is the name's.
  const errorFor = (field: 'name' | 'start' | 'end') => errorAt(field) ?? (field === 'name' ? errorAt('id') : undefined);
  const input = (field: 'name' | 'start' | 'end', text: string, type: 'text' | 'date') => {
    const message = errorFor(field);
    return (
      <div className="field calendar-admin__field">
        <label htmlFor={`${id}-${field}`}>{text}</label>
        <input
          id={`${id}-${field}`}
          type={type}
          value={row[field]}
          maxLength={type === 'text' ? 40 : undefined}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-${field}-error` : undefined}
          onChange={(e) => onChange(index, { [field]: e.target.value })}
        />
        {message && (
          <p id={`${id}-${field}-error`} className="field-error" role="alert">
            {message}
          </p>
        )}
      </div>
    );
  };
  return (
    <div className="calendar-admin__term" role="group" aria-label={label}>
      {input('name', 'Name', 'text')}
      {input('start', 'First day', 'date')}
      {input('end', 'Last day', 'date')}
      <button type="button" className="button button--small button--ghost calendar-admin__remove" aria-label={`Remove ${label}`} onClick={() => onRemove(index)}>
        Remove
      </button>
    </div>
  );
}
