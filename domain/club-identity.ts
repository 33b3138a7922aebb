// The club's identity (its `club` document): name, home-screen label, main colour, logo, contact
// address and social links, and the rules they must keep. The defaults are what the club had in the
// sources before anyone edited it, so the demo club looks as it always did.

export const DEFAULT_CLUB_NAME = 'University Triathlon Club';
export const DEFAULT_SHORT_NAME = 'Tri Club';
/** The header's and the installed app's colour (the theme colour). */
export const DEFAULT_MAIN_COLOUR = '#072f54';

/** A home screen cuts a longer label short. */
export const SHORT_NAME_MAX = 12;
export const CLUB_NAME_MAX = 80;

/** WCAG AA for normal text: the header and buttons print white on the main colour. */
export const MIN_WHITE_TEXT_CONTRAST = 4.5;

export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** A logo this server made from an upload: its URL names the icons made with it. */
export const LOGO_URL = /^\/uploads\/([a-f0-9]{32})\.webp$/;

export interface ClubIdentity {
  name: string;
  shortName: string;
  /** `#rrggbb`. */
  mainColour: string;
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
    mainColour: DEFAULT_MAIN_COLOUR,
    logo: null,
    contactEmail: clubEmail,
    instagram: 'https://www.instagram.com/',
    facebook: 'https://www.facebook.com/',
    strava: '',
  };
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** The relative luminance of a `#rrggbb` colour (WCAG 2). */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** The contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Whether white text on `hex` is readable (at least 4.5:1). */
export function whiteTextReadable(hex: string): boolean {
  return contrastRatio('#ffffff', hex) >= MIN_WHITE_TEXT_CONTRAST;
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
