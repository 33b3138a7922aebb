import { useId, useState } from 'react';
import { nextYearTerms, termId, termsProblem, termYear, type TermDefinition } from '../../../../domain/calendar';
import { EmptyState, ErrorMessage, Loading, Notice } from '../../../components/status';
import { errorMessage } from '../../../lib/data/api-client';
import { newerVersion, refusedField, useClubDocument, usePublishDocument } from '../../../lib/data/club-documents';
import { useClubToday } from '../../../lib/club/club-clock';
import { setClubTerms } from '../../../lib/club/club-terms';
import type { ClubDocument } from '../../../../domain/contract/club-documents';
import './calendar.css';

/** A row of the editor: a term, or a new one (no id yet) of a given year. */
interface Row extends TermDefinition {
  year: number;
}

type Field = 'name' | 'start' | 'end' | 'id';
interface Problem {
  index: number;
  field: Field;
  message: string;
}

const toRows = (terms: readonly TermDefinition[]): Row[] => terms.map((t) => ({ ...t, year: termYear(t) }));

/** The rows as the document holds them: a new term's id is its name and year. */
function toTerms(rows: Row[]): TermDefinition[] {
  return rows.map(({ year, ...t }) => ({ ...t, name: t.name.trim(), id: t.id || termId(t.name, year) }));
}

/** Admin → Terms: the club's membership terms, year by year, and "Add next year". */
export function TermsTab() {
  const document = useClubDocument('terms');
  const publish = usePublishDocument('terms');
  if (document.isPending) return <Loading text="Loading terms…" />;
  if (!document.data) return <ErrorMessage>{errorMessage(document.error, 'Failed to load the terms')}</ErrorMessage>;
  return <TermsEditor key={document.data.version} document={document.data} publish={publish} />;
}

function TermsEditor({ document, publish }: { document: ClubDocument<'terms'>; publish: ReturnType<typeof usePublishDocument<'terms'>> }) {
  const [rows, setRows] = useState<Row[]>(() => toRows(document.body.terms));
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const [dirty, setDirty] = useState(false);
  const today = useClubToday();
  const thisYear = Number((today ?? new Date().toISOString()).slice(0, 4));
  const years = [...new Set(rows.map((r) => r.year))].sort((a, b) => b - a);
  const shown = years.filter((y) => y >= thisYear);
  const earlier = years.filter((y) => y < thisYear);

  function change(index: number, patch: Partial<Row>) {
    setRows((list) => list.map((r, i) => (i === index ? { ...r, ...patch } : r)));
    setDirty(true);
    setNotice('');
    if (problem?.index === index) setProblem(null);
  }

  function addNextYear() {
    const added = nextYearTerms(toTerms(rows));
    if (added.length === 0) return;
    setRows((list) => [...list, ...toRows(added)]);
    setDirty(true);
    setNotice(`${termYear(added[0]!)}'s terms were added, copied from ${termYear(added[0]!) - 1}: check the dates, then Save.`);
  }

  function addTerm(year: number) {
    setRows((list) => [...list, { id: '', name: '', start: '', end: '', year }]);
    setDirty(true);
  }

  function remove(index: number) {
    setRows((list) => list.filter((_, i) => i !== index));
    setDirty(true);
    setProblem(null);
  }

  async function save() {
    setError('');
    setNotice('');
    const terms = toTerms(rows);
    const blank = terms.findIndex((t) => t.name === '');
    const local: Problem | null =
      blank >= 0
        ? { index: blank, field: 'name', message: 'Give the term a name' }
        : terms.find((t) => !t.start || !t.end)
          ? { index: terms.findIndex((t) => !t.start || !t.end), field: terms.find((t) => !t.start || !t.end)!.start ? 'end' : 'start', message: 'Enter both dates' }
          : termsProblem(terms);
    if (local) {
      setProblem(local);
      return;
    }
    try {
      await publish.mutateAsync({ body: { terms }, version: document.version });
      // This device's pickers follow at once; others learn the terms with their next /api/config.
      setClubTerms(terms);
    } catch (err) {
      if (newerVersion(err)) {
        setError('Another administrator saved the terms while you were editing: their version is shown now. Make your change again.');
        return;
      }
      const field = refusedField(err);
      const m = field ? /^terms\.(\d+)\.(\w+)$/.exec(field) : null;
      if (m) setProblem({ index: Number(m[1]), field: m[2] as Field, message: errorMessage(err, 'Not saved') });
      else setError(errorMessage(err, 'The terms were not saved'));
    }
  }

  const yearBlock = (year: number) => (
    <YearTerms
      key={year}
      year={year}
      rows={rows}
      problem={problem}
      onChange={change}
      onRemove={remove}
      onAdd={() => addTerm(year)}
    />
  );

  return (
    <div className="calendar-admin">
      <p className="hint">
        The terms members pay for and the club counts in: renewals, the approve dialog&rsquo;s end dates, absences this term,
        the attendance report and the bounds of a weekly series all follow them.
      </p>
      {document.version > 0 && document.publishedBy && (
        <p className="hint">Last saved by {document.publishedBy.name}.</p>
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
          <summary>Earlier years ({earlier[earlier.length - 1]}–{earlier[0]})</summary>
          {earlier.map(yearBlock)}
        </details>
      )}
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {problem && !rows[problem.index] && <ErrorMessage>{problem.message}</ErrorMessage>}
      {notice && <Notice tone="success">{notice}</Notice>}
      {publish.isSuccess && !dirty && <Notice tone="success">Terms saved.</Notice>}
      <div className="calendar-admin__save">
        <button type="button" className="button" disabled={publish.isPending} onClick={() => void save()}>
          {publish.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </div>
  );
}

interface YearProps {
  year: number;
  rows: Row[];
  problem: Problem | null;
  onChange: (index: number, patch: Partial<Row>) => void;
  onRemove: (index: number) => void;
  onAdd: () => void;
}

function YearTerms({ year, rows, problem, onChange, onRemove, onAdd }: YearProps) {
  const entries = rows
    .map((row, index) => ({ row, index }))
    .filter((e) => e.row.year === year)
    .sort((a, b) => (a.row.start || '9').localeCompare(b.row.start || '9'));
  return (
    <fieldset className="calendar-admin__year">
      <legend>{year}</legend>
      {entries.map(({ row, index }) => (
        <TermRow key={index} row={row} index={index} problem={problem?.index === index ? problem : null} onChange={onChange} onRemove={onRemove} />
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
  problem,
  onChange,
  onRemove,
}: {
  row: Row;
  index: number;
  problem: Problem | null;
  onChange: (index: number, patch: Partial<Row>) => void;
  onRemove: (index: number) => void;
}) {
  const id = useId();
  const label = `${row.name || 'New term'} ${row.year}`;
  const errorFor = (field: Field) => (problem && (problem.field === field || (field === 'name' && problem.field === 'id')) ? problem.message : undefined);
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
