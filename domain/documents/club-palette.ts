// The club's colours (its `club` document, club-identity.ts): how readable white text is on them (the
// document's check), and the colours the app draws with, made from the two. The server writes those
// into every page, and the app paints them again only when the club's colours change while it runs,
// so this module loads only then (and with the forms that check a colour).
import type { ClubIdentity } from './club-identity';

/** WCAG AA for normal text: the header and buttons print white on the main colour, and on the accent. */
export const MIN_WHITE_TEXT_CONTRAST = 4.5;

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
