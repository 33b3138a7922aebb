import { useClubEmail } from '../lib/club/club-identity';

/** A mailto link to the club's contact address (CLUB_EMAIL), wherever a screen tells people to write. */
export function ClubEmailLink() {
  const email = useClubEmail();
  return <a href={`mailto:${email}`}>{email}</a>;
}
