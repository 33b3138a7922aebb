// The last step of `vite build` (a plugin of vite.config.ts, run after the service worker is made):
// 1. draws each public page's 1200x630 preview image (og:image) into dist/og/, from an SVG with the
//    page's title, the club's name and colours (sharp);
// 2. writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every text file of
//    dist/, which the server sends as they are to a browser that accepts them (api/pages/static.ts).
import { readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { CLUB_IMAGE, DEFAULT_DESCRIPTION, PUBLIC_PAGES } from '../domain/contract/public-pages';
import { DEFAULT_CLUB_NAME as CLUB_NAME } from '../domain/club-identity';

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

/** The preview as SVG: the header's blue, the swim/bike/run band, the page's title and description. */
export function previewSvg(title: string, description: string): string {
  const titleLines = wrap(title, 22).slice(0, 2);
  const textLines = wrap(description, 52).slice(0, 3);
  const titleY = 250;
  const textY = titleY + titleLines.length * 96 + 20;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">
  <rect width="100%" height="100%" fill="#072f54"/>
  <rect x="0" y="0" width="400" height="18" fill="#2a9df4"/>
  <rect x="400" y="0" width="400" height="18" fill="#f2a900"/>
  <rect x="800" y="0" width="400" height="18" fill="#e4572e"/>
  <text x="80" y="130" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="40" font-weight="700" fill="#9fd0ff">${escapeXml(CLUB_NAME)}</text>
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

export async function drawPreviewImages(outDir: string): Promise<void> {
  const dir = join(outDir, 'og');
  mkdirSync(dir, { recursive: true });
  const images = [
    ...PUBLIC_PAGES.map((p) => ({
      name: p.image,
      title: p.title === 'Home' ? CLUB_NAME : p.title,
      description: p.description,
    })),
    {
      name: CLUB_IMAGE,
      title: 'Members only',
      description: `Workouts, events and races for members. ${DEFAULT_DESCRIPTION}`,
    },
  ];
  await Promise.all(
    images.map((image) =>
      sharp(Buffer.from(previewSvg(image.title, image.description)))
        .resize(OG_WIDTH, OG_HEIGHT)
        .png({ compressionLevel: 9, palette: true })
        .toFile(join(dir, `${image.name}.png`)),
    ),
  );
}

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === '.vite') return [];
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** A .br and a .gz beside each text file of `outDir` (kept only when smaller than the file). */
export function precompress(outDir: string): void {
  for (const file of filesUnder(outDir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
  }
}

export function pagesPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'club-pages',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await drawPreviewImages(outDir);
        precompress(outDir);
      },
    },
  };
}
