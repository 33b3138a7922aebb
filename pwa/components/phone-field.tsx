import { useId } from 'react';
import { PHONE_MESSAGE, formatPhone, isValidPhone } from '../../api/contract/common';

/** True when a phone is given but has not exactly 10 digits (an empty phone is allowed). */
export function phoneIsInvalid(value: string): boolean {
  return value !== '' && !isValidPhone(value);
}

/**
 * The phone input of every form: formatted as (123) 456-7890 while typing, capped at 10 digits, with
 * the inline 10-digit message of SPEC.md §5 once `showError` says the user is done with it.
 */
export function PhoneField({
  value,
  onChange,
  showError = true,
  onBlur,
  autoComplete,
}: {
  value: string;
  onChange: (value: string) => void;
  showError?: boolean;
  onBlur?: () => void;
  autoComplete?: string;
}) {
  const id = useId();
  const bad = showError && phoneIsInvalid(value);
  return (
    <div className="field">
      <label htmlFor={`${id}-phone`}>Phone</label>
      <input
        id={`${id}-phone`}
        type="tel"
        inputMode="tel"
        autoComplete={autoComplete}
        placeholder="(123) 456-7890"
        value={value}
        onChange={(e) => onChange(formatPhone(e.target.value))}
        onBlur={onBlur}
        aria-invalid={bad}
        aria-describedby={bad ? `${id}-phone-error` : undefined}
      />
      {bad && (
        <span className="field-hint field-hint--bad" id={`${id}-phone-error`}>
          {PHONE_MESSAGE}
        </span>
      )}
    </div>
  );
}
