import { useEffect } from 'react';

export const SITE_NAME = 'University Triathlon Club';

/** Sets the document title for the current screen. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
