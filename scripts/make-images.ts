// Redraws the committed WebP copies of the home page slideshow into pwa/public/images/:
// `npx tsx scripts/make-images.ts` (the scenes and the AVIF copies the build makes: slide-images.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { renderSlides } from './slide-images';

for (const [file, bytes] of await renderSlides('webp')) {
  const path = join('pwa/public', file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  console.log(`${path}: ${(bytes.length / 1024).toFixed(1)} KB`);
}
