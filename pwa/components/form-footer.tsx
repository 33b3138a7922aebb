// The one footer of a form: Cancel, then the submit button, which says what is under way while the
// form is sent ('Saving…') and waits, as Cancel does. In a modal, Cancel closes it the way × does
// (asking first when something was typed); a form on a page gives its own `onCancel`.
import type { ReactNode } from 'react';
import { useModalClose } from './modal';

interface FormFooterProps {
  /** The submit button's words: 'Save changes', 'Post Event'. */
  submitLabel: ReactNode;
  /** The form is being sent: the submit button says `busyLabel`, and neither button may be pressed. */
  busy: boolean;
  /** What the submit button says while busy. */
  busyLabel?: string;
  /** The submit button waits for something else too (an upload, the club's clock). */
  disabled?: boolean;
  /** Cancel of a form outside a modal; without it, Cancel closes the modal around (none outside one). */
  onCancel?: () => void;
  /** 'danger' for a submit that takes something away (declining a request). */
  tone?: 'primary' | 'danger';
  /** The id of the form the submit button sends, when the footer stands outside it (a modal's footer). */
  form?: string;
  /** Buttons at the start of the line (a form inside a card) rather than at its end (a dialog's). */
  start?: boolean;
}

export function FormFooter({ submitLabel, busy, busyLabel = 'Saving…', disabled, onCancel, tone = 'primary', form, start }: FormFooterProps) {
  const close = useModalClose();
  const cancel = onCancel ?? close;
  return (
    <div className={start ? 'actions actions--start' : 'actions'}>
      {cancel && (
        <button type="button" className="button" onClick={cancel} disabled={busy}>
          Cancel
        </button>
      )}
      <button type="submit" form={form} className={`button button--${tone}`} disabled={busy || disabled}>
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}
