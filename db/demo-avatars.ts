// The demo team's pictures (SEED_DEMO=1): drawn, not photographed. Each is the person's initials on a
// disc in the club's colours, drawn as SVG and rendered by sharp into a WebP in the uploads folder,
// like a picture an exec uploads, so the demo page shows faces-to-be rather than grey silhouettes and
// nothing is fetched from elsewhere.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

const SIZE = 512;
// The club's navy and blue, with its orange; one pair per person, by position, so neighbours differ.
const PALETTE: readonly [string, string][] = [
  ['#072f54', '#0b4f8a'],
  ['#0b4f8a', '#c2410c'],
  ['#c2410c', '#072f54'],
  ['#0b4f8a', '#072f54'],
  ['#072f54', '#c2410c'],
];

/** 'Maya Chen' → 'MC'; one name gives one letter; no letters gives '?'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (words.length === 0) return '?';
  const first = [...words[0]!][0]!;
  const last = words.length > 1 ? [...words[words.length - 1]!][0]! : '';
  return (first + last).toUpperCase();
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The drawing: a two-tone disc (a body's shoulders in the second colour) and the initials. */
export function avatarSvg(name: string, index: number): string {
  const [ground, accent] = PALETTE[index % PALETTE.length]!;
  const initials = escapeXml(initialsOf(name));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <rect width="${SIZE}" height="${SIZE}" fill="${ground}"/>
  <circle cx="${SIZE / 2}" cy="${SIZE * 1.12}" r="${SIZE * 0.48}" fill="${accent}"/>
  <text x="50%" y="47%" dominant-baseline="middle" text-anchor="middle" fill="#ffffff"
    font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-weight="700" font-size="${SIZE * 0.36}">${initials}</text>
</svg>`;
}

/**
 * Draws one picture per name into `uploadsDir` and answers each one's public URL (/uploads/<name>.webp),
 * in the order given. File names are random, as an upload's are.
 */
export async function drawDemoAvatars(uploadsDir: string, names: readonly string[]): Promise<string[]> {
  await mkdir(uploadsDir, { recursive: true });
  return Promise.all(
    names.map(async (name, i) => {
      const bytes = await sharp(Buffer.from(avatarSvg(name, i))).webp({ quality: 86 }).toBuffer();
      const file = `${randomBytes(16).toString('hex')}.webp`;
      await writeFile(join(uploadsDir, file), bytes, { flag: 'wx' });
      return `/uploads/${file}`;
    }),
  );
}
