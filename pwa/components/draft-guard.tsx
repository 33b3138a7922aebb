import { useCallback, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useUnsavedChanges } from '../lib/forms/unsaved-changes';
import { openSheetEntry } from '../lib/ui/sheet-history';
import { DiscardQuestion } from './modal';

/**
 * An editor on the page itself (not in a sheet) whose draft is kept as a sheet's is: while `dirty`,
 * the editor has a history entry of its own, so Back asks "Discard your changes?" as it does in a
 * sheet, and so do its Cancel (`requestDiscard`), a link of the app and a reload. Discard calls
 * `onDiscard`, which closes the editor; the page stays. Render `question` with the editor.
 */
export function useDraftGuard(
  dirty: boolean,
  within: RefObject<HTMLElement | null>,
  onDiscard: () => void,
): { requestDiscard: () => void; question: ReactNode } {
  useUnsavedChanges(dirty, within);
  const id = useId();
  const [asking, setAsking] = useState(false);
  const discardRef = useRef(onDiscard);
  discardRef.current = onDiscard;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  useEffect(() => {
    if (!dirty) return;
    return openSheetEntry(`draft${id}`, () => {
      setAsking(true);
      return false;
    });
  }, [dirty, id]);

  const requestDiscard = useCallback(() => {
    if (dirtyRef.current) setAsking(true);
    else discardRef.current();
  }, []);

  const question = asking ? (
    <DiscardQuestion
      onKeep={() => setAsking(false)}
      onDiscard={() => {
        setAsking(false);
        discardRef.current();
      }}
    />
  ) : null;
  return { requestDiscard, question };
}
