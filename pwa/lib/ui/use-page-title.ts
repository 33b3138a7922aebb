import { useLayoutEffect, useRef } from 'react';
import { useClubIdentity } from '../club/club-identity';
import { documentTitle } from '../../../domain/contract/club/page-frame';

/**
 * Sets the document title for the current screen, in the same commit as the content (a layout
 * effect), so the title and what is shown never disagree, even for a moment.
 */
export function usePageTitle(title: string): void {
  const { name } = useClubIdentity();
  useLayoutEffect(() => {
    document.title = documentTitle(title, name);
  }, [title, name]);
}

// What a search result or a shared link says about each screen: the public pages' own (the server
// writes the same into each page's HTML), and a few screens of members.
const MEMBER_DESCRIPTIONS: Record<string, string> = {
  '/forum': 'Club workouts and events: sign up, join a waitlist and RSVP.',
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

/**
 * Sets the meta description for the screen at `pathname` (the frame calls it on every route), naming
 * the club as it is set. The page the app starts on came with its own (the server wrote it): the
 * pages' list that words them loads with the first move to another screen, or a change of the club's
 * words, not with the page.
 */
export function usePageDescription(pathname: string): void {
  const club = useClubIdentity();
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let current = true;
    void import('../../../domain/contract/club/public-pages').then(({ publicPage }) => {
      if (current) descriptionTag().content = publicPage(pathname)?.description(club) ?? MEMBER_DESCRIPTIONS[pathname] ?? club.description;
    });
    return () => {
      current = false;
    };
  }, [pathname, club]);
}
