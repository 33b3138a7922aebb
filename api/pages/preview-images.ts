// Each public page's 1200x630 preview image (og:image): the page's title and description on the
// club's colour under its name, its tagline at the foot. The build draws them for the club as it is by
// default (scripts/build-pages.ts); the server draws them again, once per look, for an edited club.
import sharp from 'sharp';
import type { ClubIdentity } from '../../domain/documents/club-identity';
import { clubPalette } from '../../domain/documents/club-palette';
import { CLUB_IMAGE, PUBLIC_PAGES } from '../../domain/contract/club/public-pages';

/** What a preview image is drawn from: the club's words and colours. */
export type PreviewClub = Pick<ClubIdentity, 'name' | 'tagline' | 'description' | 'mainColour' | 'accentColour'>;

/** The settings a preview shows: a change to any of them draws the previews again. */
export function previewKey(club: PreviewClub): string {
  return JSON.stringify([club.name, club.tagline, club.description, club.mainColour, club.accentColour]);
}

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Words into lines of at most `max` characters (the preview's text is short and known). */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The preview as SVG: the club's main colour under a band of its accent, the page's title and description, the tagline. */
export function previewSvg(title: string, description: string, club: PreviewClub): string {
  const palette = clubPalette(club);
  const titleLines = wrap(title, 22).slice(0, 2);
  const textLines = wrap(description, 52).slice(0, 3);
  const titleY = 250;
  const textY = titleY + titleLines.length * 96 + 20;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">
  <rect width="100%" height="100%" fill="${escapeXml(club.mainColour)}"/>
  <rect x="0" y="0" width="${OG_WIDTH}" height="18" fill="${escapeXml(club.accentColour)}"/>
  <text x="80" y="130" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="40" font-weight="700" fill="${palette['--club-accent-light']}">${escapeXml(club.name)}</text>
  ${titleLines
    .map(
      (l, i) =>
        `<text x="80" y="${titleY + i * 96}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="84" font-weight="700" fill="#ffffff">${escapeXml(l)}</text>`,
    )
    .join('\n  ')}
  ${textLines
    .map(
      (l, i) =>
        `<text x="80" y="${textY + i * 48}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="34" fill="${palette['--club-main-pale']}">${escapeXml(l)}</text>`,
    )
    .join('\n  ')}
  <text x="80" y="580" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="30" fill="${palette['--club-accent-light']}">${escapeXml(club.tagline)}</text>
</svg>`;
}

interface PreviewText {
  title: string;
  description: string;
}

function previewText(name: string, club: PreviewClub): PreviewText | undefined {
  if (name === CLUB_IMAGE) return { title: 'Members only', description: `Workouts, events and races for members. ${club.description}` };
  const page = PUBLIC_PAGES.find((p) => p.image === name);
  return page && { title: page.title === 'Home' ? club.name : page.title, description: page.description(club) };
}

/** Every preview image's name (/og/<name>.png). */
export function previewImageNames(): string[] {
  return [...new Set([...PUBLIC_PAGES.map((p) => p.image), CLUB_IMAGE])];
}

/** The PNG of preview image `name` for `club`, or null for a name that is no preview. */
export async function drawPreviewImage(name: string, club: PreviewClub): Promise<Buffer | null> {
  const text = previewText(name, club);
  if (!text) return null;
  return sharp(Buffer.from(previewSvg(text.title, text.description, club)))
    .resize(OG_WIDTH, OG_HEIGHT)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}
