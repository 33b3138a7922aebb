import { useLayoutEffect } from 'react';
import { useClubIdentity } from '../club/club-identity';
import { documentTitle, publicPage } from '../../../domain/contract/club/public-pages';

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

/** Sets the meta description for the screen at `pathname` (the frame calls it on every route), naming the club as it is set. */
export function usePageDescription(pathname: string): void {
  const club = useClubIdentity();
  useLayoutEffect(() => {
    descriptionTag().content = publicPage(pathname)?.description(club) ?? MEMBER_DESCRIPTIONS[pathname] ?? club.description;
  }, [pathname, club]);
}
