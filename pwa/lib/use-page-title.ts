import { useLayoutEffect } from 'react';

export const SITE_NAME = 'University Triathlon Club';

/**
 * Sets the document title for the current screen, in the same commit as the content (a layout
 * effect), so the title and what is shown never disagree, even for a moment.
 */
export function usePageTitle(title: string): void {
  useLayoutEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
