// Regenerates the PWA icons from pwa/public/favicon.svg: `npx tsx scripts/make-icons.ts`.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const svg = readFileSync('pwa/public/favicon.svg');
for (const size of [192, 512]) {
  await sharp(svg, { density: 600 }).resize(size, size).png({ compressionLevel: 9 }).toFile(`pwa/public/icons/icon-${size}.png`);
}
// Maskable: the mark inside the 80% safe zone on a full-bleed background.
const inner = await sharp(svg, { density: 600 }).resize(360, 360).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#0b4f8a' } })
  .composite([{ input: inner, gravity: 'center' }])
  .png({ compressionLevel: 9 })
  .toFile('pwa/public/icons/icon-maskable-512.png');
console.log('icons written');
