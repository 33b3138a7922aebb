import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './action-menu.css';

/**
 * Further actions behind a "⋯" button (the destructive ones of a card, a page or a table row), as a
 * disclosure: the button says whether it is open (aria-expanded); opening moves the focus to the first
 * action; the arrow keys move between them and Tab goes on; Escape, a choice or a tap elsewhere closes
 * it, and the focus comes back to the button. `children` are buttons with the class `action-menu__item`.
 */
export function ActionMenu({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const listId = useId();

  const items = (): HTMLButtonElement[] => [...(list.current?.querySelectorAll<HTMLButtonElement>('.action-menu__item:not(:disabled)') ?? [])];

  function close(refocus: boolean) {
    setOpen(false);
    if (refocus) toggle.current?.focus();
  }

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLButtonElement>('.action-menu__item:not(:disabled)')?.focus();
    const away = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  function onKeyDown(e: KeyboardEvent) {
    if (!open) return;
    if (e.key === 'Escape') {
      // The menu closes, not the sheet or dialog it may sit in.
      e.stopPropagation();
      close(true);
      return;
    }
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const all = items();
      const at = all.indexOf(document.activeElement as HTMLButtonElement);
      const next = e.key === 'ArrowDown' ? (at + 1) % all.length : (at - 1 + all.length) % all.length;
      all[next]?.focus();
    }
  }

  return (
    <div
      ref={box}
      className="action-menu"
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        // Tab past the last action (or away in any way) closes it.
        if (open && !box.current?.contains(e.relatedTarget as Node | null) && e.relatedTarget !== null) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="button button--small action-menu__toggle"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {/* A choice closes the menu first and gives the focus back to its button, so the dialog it opens
          returns the focus there when it closes. */}
      <div ref={list} id={listId} className="action-menu__list" hidden={!open} onClick={() => close(true)}>
        {children}
      </div>
    </div>
  );
}
