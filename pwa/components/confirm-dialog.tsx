import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Modal } from './modal';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  /** The button that goes ahead, e.g. 'Delete'. */
  confirmLabel: string;
  /** A second way ahead (e.g. 'Delete this and the following'): `confirm` then answers 'alternative'. */
  alternativeLabel?: string;
}

/**
 * The in-app replacement of the browser's confirm(): styled like the rest, readable by screen
 * readers, and focus starts on Cancel so Enter never destroys anything by accident.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  alternativeLabel,
  onConfirm,
  onAlternative,
  onCancel,
}: ConfirmOptions & { onConfirm: () => void; onAlternative?: () => void; onCancel: () => void }) {
  return (
    <Modal title={title} onClose={onCancel} className="confirm-dialog">
      <p className="confirm-dialog__message">{message}</p>
      <div className="actions">
        <button type="button" className="button" onClick={onCancel} data-autofocus>
          Cancel
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
        {alternativeLabel && (
          <button type="button" className="button button--danger" onClick={onAlternative}>
            {alternativeLabel}
          </button>
        )}
      </div>
    </Modal>
  );
}

/**
 * `const { confirm, dialog } = useConfirm()`: `await confirm({...})` resolves true or false when the
 * member answers ('alternative' for the second way ahead); render `dialog` anywhere in the component.
 */
type Answer = boolean | 'alternative';

export function useConfirm() {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((answer: Answer) => void) | null>(null);

  const confirm = useCallback((next: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise<Answer>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: Answer) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
  };

  const dialog = options ? <ConfirmDialog {...options} onConfirm={() => answer(true)} onAlternative={() => answer('alternative')} onCancel={() => answer(false)} /> : null;
  return { confirm, dialog };
}
