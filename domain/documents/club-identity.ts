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
 * its own name throughout, and a tagline and description that name no sport and no other club.
 */
export function firstRunIdentity(name: string): Pick<ClubIdentity, 'name' | 'shortName' | 'tagline' | 'description'> {
  const trimmed = name.trim();
  return {
    name: trimmed,
    shortName: shortNameFrom(trimmed),
    tagline: 'Training, events and races together',
    description: `${trimmed}: the training schedule, how to join, workouts, events and races.`,
  };
}

/** WCAG AA for normal text: the header and buttons print white on the main colour, and on the accent. */
export const MIN_WHITE_TEXT_CONTRAST = 4.5;

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

// ---------- The colours the app draws with ----------

interface Hsl {
  h: number;
  s: number;
  l: number;
}

function hslOf(hex: string): Hsl {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l: l * 100 };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { h: (h * 60 + 360) % 360, s: s * 100, l: l * 100 };
}

function hexOf({ h, s, l }: Hsl): string {
  const sat = Math.min(Math.max(s, 0), 100) / 100;
  const light = Math.min(Math.max(l, 0), 100) / 100;
  const c = (1 - Math.abs(2 * light - 1)) * sat;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = light - c / 2;
  const [r, g, b] = h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  return `#${[r, g, b].map((v) => Math.round((v + m) * 255).toString(16).padStart(2, '0')).join('')}`;
}

function rgbOf(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `${(n >> 16) & 255} ${(n >> 8) & 255} ${n & 255}`;
}

/**
 * `colour` at lightness `l` (HSL), moved a step at a time towards white (`towards` 100) or black (0)
 * until it reads at `min`:1 against `against`; white or black when no step does.
 */
function readable(colour: Hsl, l: number, against: string, min: number, towards: 0 | 100): string {
  const step = towards === 100 ? 1 : -1;
  for (let at = l; towards === 100 ? at <= 100 : at >= 0; at += step) {
    const hex = hexOf({ ...colour, l: at });
    if (contrastRatio(hex, against) >= min) return hex;
  }
  return towards === 100 ? '#ffffff' : '#000000';
}

/**
 * Every colour of the club the stylesheets use, as CSS custom properties, derived from the main
 * colour and the accent: lighter and darker shades of the same hue, each that carries text checked
 * against what it sits on (4.5:1 for text, 3:1 for a focus ring). Both colours already carry white
 * text at 4.5:1 (the document's check), which is what makes each step below reach its contrast.
 * The server writes them into every page's HTML and the app sets them again when the club's settings
 * change; pwa/styles.css holds the demo's values (a test keeps them equal).
 */
export function clubPalette(club: Pick<ClubIdentity, 'mainColour' | 'accentColour'>): Record<`--club-${string}`, string> {
  const main = hslOf(club.mainColour);
  const accent = hslOf(club.accentColour);
  const white = '#ffffff';
  const mainTint = hexOf({ h: main.h, s: Math.min(main.s, 67), l: 93 });
  const accentTint = hexOf({ h: accent.h, s: accent.s, l: 92 });
  return {
    // The header, footer, headings and the hero.
    '--club-main': club.mainColour,
    // Its red, green and blue, for a see-through layer of it (`rgb(var(--club-main-rgb) / 85%)`).
    '--club-main-rgb': rgbOf(club.mainColour),
    // Buttons, links, a spinner: a little lighter than the header, still 4.5:1 under white text.
    '--club-main-strong': readable(main, main.l + 11, white, MIN_WHITE_TEXT_CONTRAST, 0),
    // A button pressed or hovered.
    '--club-main-dark': hexOf({ ...main, l: main.l * 0.7 }),
    // Focus rings and marks beside a block: 3:1 against the white page.
    '--club-main-bright': readable(main, main.l + 18, white, 3, 0),
    // Backgrounds of notices, badges and chosen items, and their borders.
    '--club-main-tint': mainTint,
    '--club-main-wash': hexOf({ h: main.h, s: Math.min(main.s, 67), l: 96 }),
    '--club-main-line': hexOf({ h: main.h, s: Math.min(main.s, 90), l: 87 }),
    // Text on those backgrounds.
    '--club-main-ink': readable(main, main.l, mainTint, MIN_WHITE_TEXT_CONTRAST, 0),
    // Text on the main colour that is not white (the hero's lead, the footer).
    '--club-main-pale': readable({ ...main, s: Math.min(main.s, 60) }, 94, club.mainColour, MIN_WHITE_TEXT_CONTRAST, 100),
    // Calls to action and highlights: white text on it, or it as text on white.
    '--club-accent': club.accentColour,
    '--club-accent-dark': hexOf({ ...accent, l: accent.l * 0.78 }),
    // A mark beside a block (an announcement, a note to a new member): decorative.
    '--club-accent-soft': hexOf({ ...accent, l: Math.min(accent.l + 8, 60) }),
    '--club-accent-tint': accentTint,
    '--club-accent-ink': readable(accent, accent.l * 0.78, accentTint, MIN_WHITE_TEXT_CONTRAST, 0),
    // The accent on the main colour (the hero's last word and the club's name above it).
    '--club-accent-light': readable({ ...accent, s: Math.min(accent.s, 95) }, 74, club.mainColour, MIN_WHITE_TEXT_CONTRAST, 100),
  };
}

/** The palette as the body of a CSS rule (`--club-main:#072f54;…`). */
export function paletteCss(palette: Record<string, string>): string {
  return Object.entries(palette)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
}
