// The club's identity (its `club` document): name, home-screen label, tagline and description, main
// and accent colours, logo, contact address and social links, and the rules they must keep. The
// defaults are what the club had in the sources before anyone edited it, so the demo club looks as it
// always did.

export const DEFAULT_CLUB_NAME = 'University Triathlon Club';
export const DEFAULT_SHORT_NAME = 'Tri Club';
/** The line under the club's name on its link previews. */
export const DEFAULT_TAGLINE = 'Swim · Bike · Run';
/** What a search result or a shared link says of the club (Home's description, the manifest's). */
export const DEFAULT_DESCRIPTION =
  'The university triathlon club: swim, bike and run with us. Schedule, how to join, workouts, events and races.';
/** The header's and the installed app's colour (the theme colour). */
export const DEFAULT_MAIN_COLOUR = '#072f54';
/** The calls to action (Join Us, Sign in), the hero's last word, the club's highlights. */
export const DEFAULT_ACCENT_COLOUR = '#c2410c';
/** The club's general contact address until one is set (`CLUB_EMAIL`, then Admin → Club). */
export const CLUB_CONTACT_EMAIL = 'triathlon.club@university.test';

/** A home screen cuts a longer label short. */
export const SHORT_NAME_MAX = 12;
export const CLUB_NAME_MAX = 80;
export const TAGLINE_MAX = 60;
/** Search engines show about 160 characters of a description. */
export const DESCRIPTION_MAX = 200;

/**
 * A home-screen label from a club's name: the name when it fits, else as many of its first words as
 * fit, else its first letters.
 */
export function shortNameFrom(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= SHORT_NAME_MAX) return trimmed;
  let label = '';
  for (const word of trimmed.split(/\s+/)) {
    const next = label ? `${label} ${word}` : word;
    if (next.length > SHORT_NAME_MAX) break;
    label = next;
  }
  return label || trimmed.slice(0, SHORT_NAME_MAX).trim();
}

/**
 * What a club named at its first run is known by until an administrator words it in Admin → Club:
 * its own name throughout, a tagline and description that name no sport and no other club, and no
 * social links (the footer shows none until the club gives its own accounts).
 */
export function firstRunIdentity(
  name: string,
): Pick<ClubIdentity, 'name' | 'shortName' | 'tagline' | 'description' | 'instagram' | 'facebook' | 'strava'> {
  const trimmed = name.trim();
  return {
    name: trimmed,
    shortName: shortNameFrom(trimmed),
    tagline: 'Training, events and races together',
    description: `${trimmed}: the training schedule, how to join, workouts, events and races.`,
    instagram: '',
    facebook: '',
    strava: '',
  };
}

export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** A logo this server made from an upload: its URL names the icons made with it. */
export const LOGO_URL = /^\/uploads\/([a-f0-9]{32})\.webp$/;

/** The refusal of a logo the server did not make (another site's address, an upload that is not a logo). */
export const LOGO_REFUSAL = 'Upload the logo here: it must be a picture this app received';

export interface ClubIdentity {
  name: string;
  shortName: string;
  /** One line under the name on link previews ('Swim · Bike · Run'). */
  tagline: string;
  /** One or two sentences: the description of Home, of the club in search results and of the installed app. */
  description: string;
  /** `#rrggbb`. */
  mainColour: string;
  /** `#rrggbb`: white text on it is readable too. */
  accentColour: string;
  /** An uploaded logo (`/uploads/<id>.webp`), or null for the built-in one. */
  logo: string | null;
  contactEmail: string;
  instagram: string;
  facebook: string;
  strava: string;
}

export function defaultClubIdentity(clubEmail: string): ClubIdentity {
  return {
    name: DEFAULT_CLUB_NAME,
    shortName: DEFAULT_SHORT_NAME,
    tagline: DEFAULT_TAGLINE,
    description: DEFAULT_DESCRIPTION,
    mainColour: DEFAULT_MAIN_COLOUR,
    accentColour: DEFAULT_ACCENT_COLOUR,
    logo: null,
    contactEmail: clubEmail,
    instagram: 'https://www.instagram.com/',
    facebook: 'https://www.facebook.com/',
    strava: '',
  };
}

/**
 * Whether the club still looks like the demo: its name, colours and logo untouched. The pictures the
 * app ships with that show the demo club (the install dialog's screenshots) are offered only then.
 */
export function looksLikeTheDemo(club: Pick<ClubIdentity, 'name' | 'shortName' | 'mainColour' | 'accentColour' | 'logo'>): boolean {
  return (
    club.name === DEFAULT_CLUB_NAME &&
    club.shortName === DEFAULT_SHORT_NAME &&
    club.mainColour.toLowerCase() === DEFAULT_MAIN_COLOUR &&
    club.accentColour.toLowerCase() === DEFAULT_ACCENT_COLOUR &&
    club.logo === null
  );
}

/** The icons made from an uploaded logo, by the logo's URL; null for the built-in logo (the build's files). */
export function logoIcons(logo: string | null): ClubIcons | null {
  const id = logo ? LOGO_URL.exec(logo)?.[1] : undefined;
  if (!id) return null;
  const at = (name: string) => `/uploads/club-${id}-${name}.png`;
  return {
    icon192: at('192'),
    icon512: at('512'),
    maskable512: at('maskable-512'),
    favicon: at('favicon'),
    appleTouch: at('apple-180'),
  };
}

export interface ClubIcons {
  icon192: string;
  icon512: string;
  maskable512: string;
  favicon: string;
  appleTouch: string;
}

/** The build's icons, served while no logo has been uploaded. */
export const BUILT_ICONS: ClubIcons = {
  icon192: '/icons/icon-192.png',
  icon512: '/icons/icon-512.png',
  maskable512: '/icons/icon-maskable-512.png',
  favicon: '/favicon.svg',
  appleTouch: '/icons/icon-192.png',
};

/** The icons in force: the logo's when one was uploaded, the build's otherwise. */
export function clubIcons(logo: string | null): ClubIcons {
  return logoIcons(logo) ?? BUILT_ICONS;
}
