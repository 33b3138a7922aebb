// Back closes an open sheet or dialog, as on any phone: each one open adds an entry to the browser's
// history (same address), Back takes it off and closes the sheet; a sheet closed another way takes its
// entry back off, so the history holds no dead steps.

interface Entry {
  id: string;
  /** Called when Back took this entry off: true when the sheet closed, false when it stays (it re-adds the entry). */
  onBack: () => boolean;
  closed: boolean;
}

/** The sheets' entries, in the order they sit in the browser's history. */
const entries: Entry[] = [];
let listening = false;
let flushScheduled = false;

function sheetOf(state: unknown): string | undefined {
  return state && typeof state === 'object' ? ((state as { sheet?: string }).sheet ?? undefined) : undefined;
}

function push(id: string): void {
  history.pushState({ ...(history.state as object | null), sheet: id }, '');
}

function onPopState(): void {
  const top = sheetOf(history.state);
  const at = top ? entries.findIndex((e) => e.id === top) : -1;
  // Back takes off one entry: the sheet above the entry now shown.
  const gone = entries.splice(at + 1);
  for (const entry of gone.reverse()) {
    if (entry.closed) continue;
    if (!entry.onBack()) {
      entries.push(entry);
      push(entry.id);
      return;
    }
  }
}

function flush(): void {
  flushScheduled = false;
  let n = 0;
  while (entries.length > 0 && entries.at(-1)!.closed) {
    const entry = entries.pop()!;
    // Only while the entry is still the one shown: after a move to another page it stays behind.
    if (sheetOf(history.state) === entry.id || n > 0) n += 1;
  }
  if (n > 0) history.go(-n);
}

/**
 * Gives an open sheet its history entry; the returned function is for when it closes by itself.
 * `onBack` answers whether the sheet closed on Back (a form with typed input may ask first).
 */
export function openSheetEntry(id: string, onBack: () => boolean): () => void {
  if (!listening) {
    window.addEventListener('popstate', onPopState);
    listening = true;
  }
  const existing = entries.find((e) => e.id === id);
  if (existing) {
    // Opened again before its close was carried out (a re-run of the same effect).
    existing.closed = false;
    existing.onBack = onBack;
  } else {
    entries.push({ id, onBack, closed: false });
    push(id);
  }
  return () => {
    const entry = entries.find((e) => e.id === id);
    if (!entry) return;
    entry.closed = true;
    if (!flushScheduled) {
      flushScheduled = true;
      setTimeout(flush, 0);
    }
  };
}
