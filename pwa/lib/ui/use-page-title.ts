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

export const DEFAULT_DESCRIPTION =
  'The university triathlon club: swim, bike and run with us. Schedule, how to join, workouts, events and races.';

// What a search result or a shared link says about each screen (index.html carries the default).
const DESCRIPTIONS: Record<string, string> = {
  '/': DEFAULT_DESCRIPTION,
  '/join-us': 'How to join the university triathlon club: membership, fees, what to bring and who to ask.',
  '/schedule': 'The weekly training schedule of the university triathlon club: swim, bike, run and brick sessions.',
  '/faq': 'Answers to the questions new members ask about the university triathlon club: levels, gear, costs and races.',
  '/coaches-exec': 'Meet the coaches and the executive team who run the university triathlon club.',
  '/races': 'Races the university triathlon club members are entering this season, and who is going.',
  '/login': 'Sign in to the university triathlon club app, or create an account to join workouts and events.',
  '/forum': 'Club workouts and events: sign up, join a waitlist and RSVP.',
  '/resources': 'Training resources collected by the university triathlon club.',
  '/team-gear': 'University triathlon club team gear: kits and how to order.',
  '/privacy': 'What the university triathlon club stores about members, who sees it, how long it is kept, and how to download or delete it.',
};

function descriptionTag(): HTMLMetaElement {
  let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}

/** Sets the meta description for the screen at `pathname` (the frame calls it on every route). */
export function usePageDescription(pathname: string): void {
  useLayoutEffect(() => {
    descriptionTag().content = DESCRIPTIONS[pathname] ?? DEFAULT_DESCRIPTION;
  }, [pathname]);
}
