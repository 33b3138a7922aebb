// The home page slideshow's scenes (swim, bike, run), drawn as SVG and rendered with sharp at each
// width of domain/contract/club/home-slides.ts. The WebP copies are committed in pwa/public/images/ (the
// app ships its own pictures, offline-safe, no hotlinks; `npx tsx scripts/make-images.ts` redraws
// them); the build draws the AVIF copies into dist/images/ (slideImagesPlugin, in vite.config.ts),
// before the service worker is made, so both formats are precached.
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { HOME_SLIDES, SLIDE_HEIGHT as H, SLIDE_WIDTH as W, SLIDE_WIDTHS, slideFile, type SlideFormat } from '../domain/contract/club/home-slides';

/** The most a slide may weigh in any format and width. */
export const SLIDE_BUDGET = 60 * 1024;

const NAVY = '#072f54';
const ORANGE = '#ea580c';

/** Round-capped strokes: the figures are drawn like sports pictograms, limbs as thick lines. */
const limb = (d: string, width: number, color: string) =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;

function wave(y: number, amplitude: number, length: number, phase: number): string {
  let d = `M ${-length + phase} ${y}`;
  for (let x = -length + phase; x < W + length; x += length) {
    d += ` q ${length / 4} ${-amplitude} ${length / 2} 0 t ${length / 2} 0`;
  }
  return d;
}

function swimScene(): string {
  const waves = Array.from({ length: 9 }, (_, i) => {
    const y = 470 + i * 50 + i * i * 2;
    return `<path d="${wave(y, 8 + i * 2, 120 + i * 30, (i * 47) % 90)}" fill="none" stroke="#ffffff" stroke-opacity="${0.12 + i * 0.02}" stroke-width="${3 + i * 0.6}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#7cc4ef"/><stop offset="0.75" stop-color="#fde7c8"/><stop offset="1" stop-color="#fcd7a8"/>
    </linearGradient>
    <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1a7fc1"/><stop offset="1" stop-color="#06355f"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fff7e0"/><stop offset="0.55" stop-color="#ffe3a3"/><stop offset="1" stop-color="#ffe3a3" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${W}" height="440" fill="url(#sky)"/>
  <circle cx="1260" cy="300" r="190" fill="url(#sun)"/>
  <circle cx="1260" cy="300" r="78" fill="#fff4d6"/>
  <path d="M0 420 L0 360 Q 120 320 260 350 T 560 345 Q 700 300 860 352 T 1160 360 Q 1330 330 1600 372 L1600 420 Z" fill="#2f5d7c"/>
  <path d="M0 440 L0 392 Q 220 370 470 396 T 980 392 T 1600 400 L1600 440 Z" fill="#1f4a68"/>
  <rect y="430" width="${W}" height="${H - 430}" fill="url(#sea)"/>
  <g stroke="#fff4d6" stroke-linecap="round" opacity="0.7">
    <path d="M1180 452 L1340 452" stroke-width="6"/><path d="M1205 470 L1315 470" stroke-width="5"/><path d="M1230 488 L1290 488" stroke-width="4"/>
  </g>
  ${waves}
  <g transform="translate(1400 505)">
    <path d="M-34 0 L0 -78 L34 0 Z" fill="${ORANGE}"/>
    <rect x="-38" y="-6" width="76" height="16" rx="6" fill="#c2410c"/>
  </g>
  <g>
    <g opacity="0.4">
      ${limb('M600 600 L 520 632', 22, '#ffffff')}
      ${limb('M990 596 L 1175 616', 24, '#ffffff')}
    </g>
    ${limb('M600 590 L 520 560', 22, '#ffffff')}
    ${limb('M610 590 L 985 575', 44, '#ffffff')}
    ${limb('M965 566 L 915 438 L 1078 512', 26, '#ffffff')}
    <circle cx="1018" cy="556" r="38" fill="#ffffff"/>
    <path d="M980 556 A38 38 0 0 1 1056 548 L 1052 560 Q 1018 540 982 566 Z" fill="${ORANGE}"/>
    <rect x="1030" y="554" width="30" height="12" rx="6" fill="${NAVY}"/>
  </g>
  <g fill="#ffffff">
    <circle cx="1090" cy="520" r="9"/><circle cx="1112" cy="506" r="6"/><circle cx="1070" cy="502" r="5"/>
    <circle cx="1126" cy="528" r="5"/><circle cx="505" cy="552" r="10"/><circle cx="485" cy="572" r="7"/>
    <circle cx="520" cy="530" r="6"/><circle cx="470" cy="545" r="5"/><circle cx="540" cy="600" r="6"/>
  </g>
  <path d="${wave(590, 10, 140, 30)}" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="6"/>
</svg>`;
}

function bikeScene(): string {
  const rear = { x: 840, y: 560 };
  const front = { x: 1120, y: 560 };
  const bb = { x: 965, y: 575 };
  const seat = { x: 930, y: 445 };
  const head = { x: 1072, y: 450 };
  const wheel = (cx: number, cy: number) =>
    `<circle cx="${cx}" cy="${cy}" r="98" fill="none" stroke="${NAVY}" stroke-width="14"/>
     <circle cx="${cx}" cy="${cy}" r="84" fill="none" stroke="#94a3b8" stroke-width="3"/>
     <circle cx="${cx}" cy="${cy}" r="10" fill="${NAVY}"/>`;
  const speed = [380, 430, 480, 520]
    .map((y, i) => `<path d="M${560 - i * 40} ${y} L ${720 - i * 10} ${y}" stroke="#ffffff" stroke-opacity="0.7" stroke-width="8" stroke-linecap="round"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#5fb0e6"/><stop offset="1" stop-color="#d8eefb"/>
    </linearGradient>
    <linearGradient id="road" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#4b5563"/><stop offset="1" stop-color="#1f2937"/>
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <circle cx="1330" cy="180" r="70" fill="#fff6d5"/>
  <g fill="#ffffff" opacity="0.85">
    <ellipse cx="330" cy="170" rx="120" ry="34"/><ellipse cx="400" cy="150" rx="80" ry="36"/>
    <ellipse cx="1010" cy="120" rx="110" ry="28"/><ellipse cx="1070" cy="104" rx="60" ry="26"/>
  </g>
  <path d="M0 470 L 180 330 L 330 430 L 520 270 L 760 450 L 940 330 L 1150 460 L 1360 300 L 1600 440 L 1600 620 L 0 620 Z" fill="#7aa6c2"/>
  <path d="M460 322 L 520 270 L 585 318 L 548 310 L 520 330 L 495 310 Z M1310 340 L 1360 300 L 1420 345 L 1385 336 L 1360 352 L 1335 336 Z" fill="#ffffff" opacity="0.9"/>
  <path d="M0 560 Q 260 440 520 520 T 1040 500 T 1600 520 L 1600 680 L 0 680 Z" fill="#3f8f5a"/>
  <path d="M0 600 Q 400 540 800 590 T 1600 580 L 1600 700 L 0 700 Z" fill="#2f7a48"/>
  <rect y="655" width="${W}" height="120" fill="url(#road)"/>
  <path d="M0 714 L ${W} 714" stroke="#facc15" stroke-width="8" stroke-dasharray="70 50"/>
  <rect y="775" width="${W}" height="${H - 775}" fill="#256b3c"/>
  <ellipse cx="980" cy="662" rx="230" ry="12" fill="#111827" opacity="0.35"/>
  ${speed}
  ${wheel(rear.x, rear.y)}
  ${wheel(front.x, front.y)}
  ${limb(`M${rear.x} ${rear.y} L ${bb.x} ${bb.y} L ${seat.x} ${seat.y} Z`, 13, ORANGE)}
  ${limb(`M${seat.x} ${seat.y} L ${head.x} ${head.y} L ${bb.x} ${bb.y}`, 15, ORANGE)}
  ${limb(`M${head.x} ${head.y} L ${front.x} ${front.y}`, 12, NAVY)}
  ${limb(`M${head.x} ${head.y} L 1098 438 Q 1118 452 1100 474`, 10, NAVY)}
  ${limb('M905 436 L 955 432', 14, NAVY)}
  ${limb(`M${bb.x} ${bb.y} L ${bb.x - 30} ${bb.y - 28}`, 9, NAVY)}
  ${limb('M930 420 L 990 455 L 935 548', 26, '#1e3a5f')}
  ${limb('M930 420 L 1030 345', 38, NAVY)}
  ${limb('M1030 350 L 1070 402 L 1096 452', 22, NAVY)}
  ${limb('M930 420 L 1022 488 L 995 605', 28, NAVY)}
  ${limb('M995 605 L 1025 607', 14, '#111827')}
  <circle cx="1068" cy="305" r="33" fill="${NAVY}"/>
  <path d="M1030 300 Q 1040 255 1095 262 Q 1120 270 1110 296 Z" fill="${ORANGE}"/>
  ${limb(`M${bb.x} ${bb.y} L ${bb.x + 30} ${bb.y + 30}`, 9, NAVY)}
</svg>`;
}

function runScene(): string {
  const lanes = Array.from({ length: 7 }, (_, i) => {
    const y = 640 + i * 40 + i * i * 4;
    return `<path d="M -100 ${y + 60} Q 800 ${y - 40} 1700 ${y + 40}" fill="none" stroke="#ffffff" stroke-opacity="0.85" stroke-width="${3 + i}"/>`;
  }).join('');
  const light = (x: number) =>
    `<rect x="${x - 5}" y="190" width="10" height="360" fill="#1e1b4b"/>
     <rect x="${x - 42}" y="160" width="84" height="40" rx="6" fill="#312e81"/>
     <g fill="#fff7cc">${[-28, -9, 10, 29].map((dx) => `<circle cx="${x + dx}" cy="180" r="7"/>`).join('')}</g>
     <circle cx="${x}" cy="180" r="90" fill="url(#glow)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1e1b4b"/><stop offset="0.5" stop-color="#7c3aed"/><stop offset="0.85" stop-color="#f97316"/><stop offset="1" stop-color="#fdba74"/>
    </linearGradient>
    <linearGradient id="track" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#c2410c"/><stop offset="1" stop-color="#7c2d12"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fff7cc" stop-opacity="0.55"/><stop offset="1" stop-color="#fff7cc" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <g fill="#ffffff" opacity="0.8"><circle cx="220" cy="90" r="3"/><circle cx="520" cy="60" r="2"/><circle cx="760" cy="120" r="2.5"/><circle cx="1460" cy="80" r="3"/><circle cx="1180" cy="50" r="2"/></g>
  <circle cx="620" cy="520" r="120" fill="#fed7aa" opacity="0.9"/>
  <path d="M0 560 L0 470 L 140 470 L 140 430 L 300 430 L 300 490 L 470 490 L 470 450 L 560 450 L 560 500 L 1600 500 L 1600 560 Z" fill="#2e1065"/>
  <path d="M0 610 Q 800 520 1600 600 L 1600 ${H} L 0 ${H} Z" fill="#166534"/>
  ${light(260)}
  ${light(1440)}
  <path d="M-100 ${H} L -100 690 Q 800 560 1700 670 L 1700 ${H} Z" fill="url(#track)"/>
  ${lanes}
  <ellipse cx="980" cy="668" rx="150" ry="14" fill="#111827" opacity="0.45"/>
  ${limb('M985 470 L 945 570 L 862 552', 30, '#e0e7ff')}
  ${limb('M1018 352 L 962 420 L 925 382', 24, '#e0e7ff')}
  ${limb('M1030 340 L 985 470', 40, '#ffffff')}
  ${limb('M985 470 L 1072 532 L 1060 640', 32, '#ffffff')}
  ${limb('M1060 640 L 1098 642', 18, NAVY)}
  ${limb('M1024 356 L 1084 412 L 1126 368', 24, '#ffffff')}
  <circle cx="1052" cy="296" r="36" fill="#ffffff"/>
  <path d="M1018 288 Q 1030 250 1076 258 L 1092 282 Q 1060 270 1022 300 Z" fill="${ORANGE}"/>
  <g stroke="#ffffff" stroke-opacity="0.6" stroke-width="7" stroke-linecap="round">
    <path d="M800 380 L 880 380"/><path d="M770 430 L 870 430"/><path d="M790 480 L 880 480"/>
  </g>
</svg>`;
}

/** Each slide's SVG, by the name its files carry ('/images/swim' → 'swim'). */
export const SLIDE_SCENES: Record<string, () => string> = { swim: swimScene, bike: bikeScene, run: runScene };

/** One slide at one width in one format, checked against the budget. */
export async function renderSlide(name: string, width: number, format: SlideFormat): Promise<Buffer> {
  const scene = SLIDE_SCENES[name];
  if (!scene) throw new Error(`No scene is drawn for the slide '${name}'`);
  const image = sharp(Buffer.from(scene()), { density: 72 * (width / W) * 2 }).resize(width, Math.round((width * H) / W));
  const out =
    format === 'avif'
      ? await image.avif({ quality: width > 1000 ? 50 : 55, effort: 4 }).toBuffer()
      : await image.webp({ quality: width > 1000 ? 62 : 68, effort: 6, smartSubsample: true }).toBuffer();
  if (out.length > SLIDE_BUDGET) throw new Error(`${name}-${width}.${format} is over the ${SLIDE_BUDGET / 1024} KB budget`);
  return out;
}

/** Every slide of Home at every width in `format`, as [file path under the site root, bytes]. */
export async function renderSlides(format: SlideFormat): Promise<[string, Buffer][]> {
  const files: [string, Buffer][] = [];
  for (const slide of HOME_SLIDES) {
    const name = slide.image.split('/').pop()!;
    for (const width of SLIDE_WIDTHS) files.push([slideFile(slide.image, width, format).slice(1), await renderSlide(name, width, format)]);
  }
  return files;
}

/** The build's AVIF copies, emitted with the bundle so the service worker's precache lists them. */
export function slideImagesPlugin(): Plugin {
  return {
    name: 'club-slide-images',
    apply: 'build',
    async generateBundle() {
      for (const [fileName, source] of await renderSlides('avif')) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
