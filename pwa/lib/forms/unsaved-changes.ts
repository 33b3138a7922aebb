import { useEffect, useRef } from 'react';

// What a member typed is not thrown away without a word: while a form holds typed input, closing
// or reloading the tab asks the browser's question, and following a link of the app asks ours.

export const DISCARD_QUESTION = 'Discard what you typed? It has not been saved.';
/** The same, under a "Discard your changes?" title. */
export const DISCARD_DETAIL = 'What you typed has not been saved and will be lost.';

// The forms holding typed input now, for what leaves them without following a link (a tab of the
// admin area swaps its panel in place).
const unsaved = new Set<symbol>();

/** Whether some form on the screen holds input not yet saved. */
export function hasUnsavedChanges(): boolean {
  return unsaved.size > 0;
}

/**
 * While `dirty`, asks before the page is left: the browser's own prompt on reload or close, and a
 * confirm on a tap on a link outside `within` (the form's own links stay free).
 */
export function useUnsavedChanges(dirty: boolean, within?: React.RefObject<HTMLElement | null>): void {
  const inside = useRef(within);
  inside.current = within;
  useEffect(() => {
    if (!dirty) return;
    const mark = Symbol('unsaved');
    unsaved.add(mark);
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only with a return value.
      e.returnValue = '';
    };
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element | null)?.closest?.('a[href]');
      if (!link || inside.current?.current?.contains(link)) return;
      if (link.getAttribute('target') === '_blank' || /^(mailto|tel):/.test(link.getAttribute('href') ?? '')) return;
      if (!window.confirm(DISCARD_QUESTION)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      unsaved.delete(mark);
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);
}

