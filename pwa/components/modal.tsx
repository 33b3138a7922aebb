import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { DISCARD_DETAIL, useUnsavedChanges } from '../lib/forms/unsaved-changes';
import { openSheetEntry } from '../lib/ui/sheet-history';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  title: string;
  children: ReactNode;
  /** Called on Escape, the close button and a click outside; omit it for a modal that cannot be dismissed. */
  onClose?: () => void;
  fullScreen?: boolean;
  /** Extra content under the title bar that should not scroll (e.g. actions). */
  footer?: ReactNode;
  className?: string;
  /**
   * The form inside holds typed input: closing (Escape, ×, a click outside, Back, a Cancel of the form's
   * footer, `FormFooter`) asks before it is thrown away, and so do a reload and a link of the app.
   */
  dirty?: boolean;
}

/** The modal's own way to close: through the question when its form holds typed input. */
const RequestClose = createContext<(() => void) | null>(null);

/** The closing of the modal around, the way × does (asking first when something was typed); null outside a modal. */
export function useModalClose(): (() => void) | null {
  const requestClose = useContext(RequestClose);
  return requestClose && (() => void requestClose());
}

/**
 * An accessible dialog: focus moves in and is trapped, Escape and Back close it, focus returns on
 * close; with `dirty`, closing asks first.
 */
export function Modal({ title, children, onClose, fullScreen = false, footer, className = '', dirty = false }: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const [asking, setAsking] = useState(false);
  const askingRef = useRef(asking);
  askingRef.current = asking;
  const dismissable = useRef(!!onClose).current;
  useUnsavedChanges(dirty, ref);

  /** Close, or ask first when something typed would be lost; false when the modal stays. */
  const requestClose = useCallback((): boolean => {
    if (!closeRef.current) return false;
    if (dirtyRef.current) {
      setAsking(true);
      return false;
    }
    closeRef.current();
    return true;
  }, []);

  // Back closes it (a history entry of its own); a modal that cannot be dismissed adds none.
  useEffect(() => {
    if (!dismissable) return;
    return openSheetEntry(titleId, () => {
      // Back while the question is open answers it: keep editing.
      if (askingRef.current) {
        setAsking(false);
        return false;
      }
      return requestClose();
    });
  }, [dismissable, titleId, requestClose]);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const node = ref.current!;
    const first = node.querySelector<HTMLElement>('[data-autofocus]') ?? node.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node).focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && closeRef.current) {
        e.stopPropagation();
        requestClose();
      } else if (e.key === 'Tab') {
        const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (items.length === 0) return e.preventDefault();
        const firstItem = items[0]!;
        const lastItem = items[items.length - 1]!;
        if (e.shiftKey && document.activeElement === firstItem) {
          e.preventDefault();
          lastItem.focus();
        } else if (!e.shiftKey && document.activeElement === lastItem) {
          e.preventDefault();
          firstItem.focus();
        }
      }
    };
    node.addEventListener('keydown', onKey);
    return () => {
      node.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [requestClose]);

  return createPortal(
    <div
      className={`modal-backdrop${fullScreen ? ' modal-backdrop--full' : ''}`}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) requestClose();
      }}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`modal${fullScreen ? ' modal--full' : ''} ${className}`}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {onClose && (
            <button type="button" className="icon-button" aria-label="Close" onClick={() => requestClose()}>
              ×
            </button>
          )}
        </div>
        <RequestClose.Provider value={requestClose}>
          <div className="modal__body">{children}</div>
          {footer && <div className="modal__footer">{footer}</div>}
        </RequestClose.Provider>
      </div>
      {asking && (
        <DiscardQuestion
          onKeep={() => setAsking(false)}
          onDiscard={() => {
            setAsking(false);
            closeRef.current?.();
          }}
        />
      )}
    </div>,
    document.body,
  );
}

/** "Discard what you typed?": Keep editing (the default, so Enter loses nothing) or Discard. */
export function DiscardQuestion({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  return (
    <Modal title="Discard your changes?" onClose={onKeep} className="confirm-dialog">
      <p className="confirm-dialog__message">{DISCARD_DETAIL}</p>
      <div className="actions">
        <button type="button" className="button" onClick={onKeep} data-autofocus>
          Keep editing
        </button>
        <button type="button" className="button button--danger" onClick={onDiscard}>
          Discard
        </button>
      </div>
    </Modal>
  );
}
