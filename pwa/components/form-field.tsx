import { useId, type ReactNode } from 'react';

/** What a control needs to be tied to its label, hint and error (spread onto the input). */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  /** The field's own message, shown under it and read with it; undefined when the field is fine. */
  error?: string;
  /** Help shown under the control (and read with it), e.g. 'Optional, 1–100'. */
  hint?: ReactNode;
  /** Extra live content under the control, e.g. the password match line or a character counter. */
  extra?: ReactNode;
  /** Ids of further descriptions (a counter) to read with the control. */
  describedBy?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * One labelled form field: label, control, hint and its own error message next to it. The control is
 * marked aria-invalid and described by the message, so a screen reader that lands on the first invalid
 * field (react-hook-form focuses it) reads what is wrong with it.
 */
export function FormField({ label, error, hint, extra, describedBy, className = '', children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [error ? errorId : null, hint ? hintId : null, describedBy ?? null].filter(Boolean).join(' ');
  return (
    <div className={`field ${className}`.trim()}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {extra}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
