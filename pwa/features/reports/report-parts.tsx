import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { reportTerms, type Term } from '../../../domain/calendar';
import { useClubToday } from '../../lib/club/club-clock';
import { useClubTerms } from '../../lib/club/club-terms';

/** The term of `?term=` ('' = the current one), kept in the address so a report can be linked to. */
export function useTermParam(): [string, (key: string) => void] {
  const [params, setParams] = useSearchParams();
  const term = params.get('term') ?? '';
  return [term, (key) => setParams(key ? { term: key } : {}, { replace: true })];
}

export function TermPicker({ value, shown, onChange }: { value: string; shown: Term | undefined; onChange: (key: string) => void }) {
  const id = useId();
  const today = useClubToday();
  const clubTerms = useClubTerms();
  const terms = today ? reportTerms(clubTerms, today) : shown ? [shown] : [];
  if (shown && !terms.some((t) => t.key === shown.key)) terms.push(shown);
  return (
    <div className="field report-term">
      <label htmlFor={id}>Term</label>
      <select id={id} value={value || shown?.key || ''} onChange={(e) => onChange(e.target.value)}>
        {terms.map((t) => (
          <option key={t.key} value={t.key}>
            {t.label}
          </option>
        ))}
      </select>
    </div>
  );
}

