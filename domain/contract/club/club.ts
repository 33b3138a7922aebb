import type { ClubIcons, ClubIdentity } from '../../documents/club-identity';

/** GET /api/club: the club's identity (public), the version it is at, and the icons in force. */
export interface ClubAnswer extends ClubIdentity {
  version: number;
  icons: ClubIcons;
}

/** POST /api/club/logo (multipart, the picture in this field): the uploaded logo's URL, to save in the club document. */
export const CLUB_LOGO_FIELD = 'logo';

export interface ClubLogoAnswer {
  logo: string;
}
