import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

// Back and Forward land where the reader was, as a phone's browser does for plain pages: a new page
// opens at its top, a page returned to at the position it was left at, once its content is there.

const STORE_KEY = 'scroll-positions';
/** How long a returned-to page may take to grow tall enough for its old position. */
const RESTORE_FOR_MS = 3000;
/** Scrolls right after a change of page are the browser clamping the old position, not the reader's. */
const SETTLE_MS = 400;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function savePosition(key: string, y: number): void {
  try {
    const positions = readPositions();
    positions[key] = Math.round(y);
    const keys = Object.keys(positions);
    // The last 50 entries of the history are plenty.
    for (const old of keys.slice(0, Math.max(0, keys.length - 50))) delete positions[old];
    sessionStorage.setItem(STORE_KEY, JSON.stringify(positions));
  } catch {
    // Storage turned off: pages open at their top.
  }
}

/** Scrolls to `y` as soon as the page is tall enough, giving up when the reader scrolls first. */
function restoreTo(y: number): () => void {
  let frame = 0;
  const until = performance.now() + RESTORE_FOR_MS;
  let stopped = false;
  const stop = () => {
    stopped = true;
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(type, stop);
  };
  for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.addEventListener(type, stop, { passive: true });
  const attempt = () => {
    if (stopped) return;
    const room = document.documentElement.scrollHeight - window.innerHeight;
    if (room >= y - 1 || performance.now() > until) {
      window.scrollTo(0, Math.min(y, Math.max(0, room)));
      return stop();
    }
    frame = requestAnimationFrame(attempt);
  };
  attempt();
  return stop;
}

export function useScrollMemory(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const current = useRef({ key: location.key, since: 0 });

  useEffect(() => {
    // The app restores positions itself, once the page it returns to has its content.
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    let frame = 0;
    const remember = () => {
      const { key, since } = current.current;
      if (performance.now() - since < SETTLE_MS) return;
      cancelAnimationFrame(frame);
      // A position read after the page changed belongs to the new page, never to the one left.
      frame = requestAnimationFrame(() => {
        if (current.current.key === key) savePosition(key, window.scrollY);
      });
    };
    // A tap on a link saves the position before the page changes under it.
    const onClick = () => savePosition(current.current.key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    document.addEventListener('click', onClick, true);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', remember);
      document.removeEventListener('click', onClick, true);
    };
  }, []);

  // Only a change of page moves the scroll: a sheet opening (its own history entry) or a filter does not.
  // Layout effects: the new page's key is in place in the same task that swaps the content, before
  // the browser clamps the old position to the new, shorter page and reports that as a scroll.
  useLayoutEffect(() => {
    current.current = { key: location.key, since: performance.now() };
    const saved = navigationType === 'POP' ? readPositions()[location.key] : undefined;
    if (saved === undefined || saved <= 0) {
      window.scrollTo(0, 0);
      return;
    }
    return restoreTo(saved);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key follows the page, read at its change
  }, [location.pathname]);

  // Within one page (a sheet's entry, a filter) the position belongs to the entry now shown.
  useLayoutEffect(() => {
    current.current = { ...current.current, key: location.key };
  }, [location.key]);
}
