// The home page's slideshow pictures: what the slideshow shows, what the server preloads in the
// head of Home (its first picture, before any script), and what the build draws (every width in
// every format, scripts/slide-images.ts). One list, so the three always name the same files.

export interface Slide {
  /** Base path without width and format, e.g. '/images/swim' (files '/images/swim-800.avif', …). */
  image: string;
  alt: string;
  caption: string;
}

export const HOME_SLIDES: readonly Slide[] = [
  {
    image: '/images/swim',
    alt: 'Illustration of a swimmer in an orange cap doing front crawl in open water at sunrise, past a marker buoy',
    caption: 'Swim · coached 2-hour practices',
  },
  {
    image: '/images/bike',
    alt: 'Illustration of a cyclist in an orange helmet riding a road bike along a country road below the mountains',
    caption: 'Bike · spins and group rides',
  },
  {
    image: '/images/run',
    alt: 'Illustration of a runner striding along a floodlit track at dusk',
    caption: 'Run · track and tempo runs',
  },
];

/** The pictures' own size: the width and height attributes, so the box is known before they load. */
export const SLIDE_WIDTH = 1600;
export const SLIDE_HEIGHT = 900;
/** The widths drawn: a phone's (up to about 2x of 400 px) and a laptop's. */
export const SLIDE_WIDTHS = [800, 1600] as const;
/** Best first: AVIF where the browser takes it, else WebP (every browser the app supports). */
export const SLIDE_FORMATS = ['avif', 'webp'] as const;
export type SlideFormat = (typeof SLIDE_FORMATS)[number];
/** The slideshow spans the viewport's width at every size. */
export const SLIDE_SIZES = '100vw';

export function slideFile(image: string, width: number, format: SlideFormat): string {
  return `${image}-${width}.${format}`;
}

export function slideSrcSet(image: string, format: SlideFormat): string {
  return SLIDE_WIDTHS.map((w) => `${slideFile(image, w, format)} ${w}w`).join(', ');
}

/**
 * Whether a picture is one the build drew in every format: an uploaded photo (the club's own, from
 * Admin → Pages) has only its WebP widths, so nothing may point a browser at an AVIF of it.
 */
export function drawnInEveryFormat(image: string): boolean {
  return HOME_SLIDES.some((slide) => slide.image === image);
}
