// The last step of `vite build` (a plugin of vite.config.ts, run after the service worker is made):
// 1. draws each public page's 1200x630 preview image (og:image) into dist/og/ for the club as it is
//    by default (api/pages/preview-images.ts; the server draws them again for an edited club);
// 2. writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every text file of
//    dist/, which the server sends as they are to a browser that accepts them (api/pages/static.ts).
import { readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { defaultClubIdentity } from '../domain/documents/club-identity';
import { drawPreviewImage, previewImageNames } from '../api/pages/preview-images';

export async function drawPreviewImages(outDir: string): Promise<void> {
  const dir = join(outDir, 'og');
  mkdirSync(dir, { recursive: true });
  const club = defaultClubIdentity('');
  await Promise.all(
    previewImageNames().map(async (name) => writeFileSync(join(dir, `${name}.png`), (await drawPreviewImage(name, club))!)),
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
