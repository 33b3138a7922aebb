// Each public page's 1200x630 preview image (og:image): the page's title and description on the
// club's colour under its name. The build draws them for the club as it is by default
// (scripts/build-pages.ts); the server draws them again, once per name and colour, for an edited club.
import sharp from 'sharp';
import type { ClubIdentity } from '../../domain/club-identity';
import { CLUB_IMAGE, DEFAULT_DESCRIPTION, PUBLIC_PAGES } from '../../domain/contract/public-pages';

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

/** The preview as SVG: the club's main colour, the swim/bike/run band, the page's title and description. */
export function previewSvg(title: string, description: string, club: Pick<ClubIdentity, 'name' | 'mainColour'>): string {
  const titleLines = wrap(title, 22).slice(0, 2);
  const textLines = wrap(description, 52).slice(0, 3);
  const titleY = 250;
  const textY = titleY + titleLines.length * 96 + 20;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">
  <rect width="100%" height="100%" fill="${escapeXml(club.mainColour)}"/>
  <rect x="0" y="0" width="400" height="18" fill="#2a9df4"/>
  <rect x="400" y="0" width="400" height="18" fill="#f2a900"/>
  <rect x="800" y="0" width="400" height="18" fill="#e4572e"/>
  <text x="80" y="130" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="40" font-weight="700" fill="#9fd0ff">${escapeXml(club.name)}</text>
  ${titleLines
    .map(
      (l, i) =>
        `<text x="80" y="${titleY + i * 96}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="84" font-weight="700" fill="#ffffff">${escapeXml(l)}</text>`,
    )
    .join('\n  ')}
  ${textLines
    .map(
      (l, i) =>
        `<text x="80" y="${textY + i * 48}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="34" fill="#dbe7f3">${escapeXml(l)}</text>`,
    )
    .join('\n  ')}
  <text x="80" y="580" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="30" fill="#9fd0ff">Swim · Bike · Run</text>
</svg>`;
}

interface PreviewText {
  title: string;
  description: string;
}

function previewText(name: string, clubName: string): PreviewText | undefined {
  if (name === CLUB_IMAGE) return { title: 'Members only', description: `Workouts, events and races for members. ${DEFAULT_DESCRIPTION}` };
  const page = PUBLIC_PAGES.find((p) => p.image === name);
  return page && { title: page.title === 'Home' ? clubName : page.title, description: page.description };
}

/** Every preview image's name (/og/<name>.png). */
export function previewImageNames(): string[] {
  return [...new Set([...PUBLIC_PAGES.map((p) => p.image), CLUB_IMAGE])];
}

/** The PNG of preview image `name` for `club`, or null for a name that is no preview. */
export async function drawPreviewImage(name: string, club: Pick<ClubIdentity, 'name' | 'mainColour'>): Promise<Buffer | null> {
  const text = previewText(name, club.name);
  if (!text) return null;
  return sharp(Buffer.from(previewSvg(text.title, text.description, club)))
    .resize(OG_WIDTH, OG_HEIGHT)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}
