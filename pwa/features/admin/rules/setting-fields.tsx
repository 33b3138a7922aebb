// The fields of the club documents an administrator sets in Admin → Rules: a list of short names (the
// kinds of duty, the health flags), one field each with its own problem beside it, a Remove button named
// after the entry, and Add; and a whole number between 0 and its most, typed as text so a wrong one is
// kept for the schema to name.
import { FormField } from '../../../components/form-field';

interface Props {
  legend: string;
  hint: string;
  /** What one entry is, capitalised ('Kind'): its field is "Kind 2", an empty one's button "Remove kind 2". */
  noun: string;
  addLabel: string;
  items: string[];
  maxLength: number;
  /** The document's path of the list ('kinds'): a problem of the whole list, and of each entry at `kinds.2`. */
  path: string;
  errorAt: (path: string) => string | undefined;
  onChange: (change: (items: string[]) => string[]) => void;
}

export function TextListField({
  legend,
  hint,
  noun,
  addLabel,
  items,
  maxLength,
  path,
  errorAt,
  onChange,
}: Props) {
  const listProblem = errorAt(path);
  return (
    <fieldset className="rules-admin__kinds">
      <legend>{legend}</legend>
      <p className="hint">{hint}</p>
      {items.map((item, i) => (
        <div key={i} className="rules-admin__kind">
          <FormField label={`${noun} ${i + 1}`} error={errorAt(`${path}.${i}`)}>
            {(control) => (
              <input
                {...control}
                maxLength={maxLength}
                value={item}
                onChange={(e) => onChange((all) => all.map((k, j) => (j === i ? e.target.value : k)))}
              />
            )}
          </FormField>
          <button
            type="button"
            className="button button--small button--ghost"
            aria-label={`Remove ${item.trim() || `${noun.toLowerCase()} ${i + 1}`}`}
            onClick={() => onChange((all) => all.filter((_, j) => j !== i))}
          >
            Remove
          </button>
        </div>
      ))}
      {listProblem && (
        <p className="field-error" role="alert">
          {listProblem}
        </p>
      )}
      <button
        type="button"
        className="button button--small button--ghost"
        onClick={() => onChange((all) => [...all, ''])}
      >
        {addLabel}
      </button>
    </fieldset>
  );
}

interface NumberProps {
  label: string;
  hint: string;
  max: number;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

export function WholeNumberField({ label, hint, max, value, error, onChange }: NumberProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="numeric"
          min={0}
          max={max}
          step={1}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}
