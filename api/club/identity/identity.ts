// The club's identity as the rest of the server reads it (the `club` document), its logo upload and
// the icons made from the logo. Every name, colour, logo and contact address the server prints comes
// from here, so an edit shows on the next request.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { clubIcons, type ClubIdentity } from '../../../domain/documents/club-identity';
import type { ClubAnswer } from '../../../domain/contract/club/club';
import { saveUpload, toSquareWebp } from '../../media/uploads';
import type { PushSender } from '../../messaging/queue/web-push';
import type { AppDeps } from '../../platform/context';
import { readDocument } from '../documents';

/** The club's name, colour, logo, contact address and links in force. */
export function clubIdentity(deps: AppDeps): ClubIdentity {
  return readDocument(deps, 'club').body;
}

/** The club's name (page titles, emails, calendars, pushes). */
export function clubName(deps: AppDeps): string {
  return clubIdentity(deps).name;
}

/** Where the club's members write to (receipts, questions, the footer). */
export function clubContactEmail(deps: AppDeps): string {
  return clubIdentity(deps).contactEmail;
}

/**
 * Who a push is from: the contact address the push service may write to, and the icon it shows (the
 * manifest's 192 px icon, so a notification looks like the installed app).
 */
export function clubPushSender(deps: AppDeps): PushSender {
  const club = clubIdentity(deps);
  return { contact: club.contactEmail, icon: clubIcons(club.logo).icon192 };
}

/** GET /api/club. */
export function clubAnswer(deps: AppDeps): ClubAnswer {
  const document = readDocument(deps, 'club');
  return { ...document.body, version: document.version, icons: clubIcons(document.body.logo) };
}

// The maskable icon keeps its mark inside the safe zone (a circle of 80% of the side): the logo is drawn
// at 60% on a full-bleed white square, which any logo colour shows on.
const MASKABLE_MARK = 0.6;

async function pngOf(logo: Buffer, size: number): Promise<Buffer> {
  return sharp(logo).resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }).png({ compressionLevel: 9 }).toBuffer();
}

/**
 * POST /api/club/logo: the picture made a square WebP through the profile pictures' pipeline, and the
 * app's icons made from it beside it (`/uploads/club-<id>-<name>.png`, see domain/documents/club-identity.ts).
 * The logo is in force once the club document is saved with its URL.
 */
export async function uploadLogo(deps: AppDeps, bytes: Uint8Array): Promise<{ logo: string }> {
  const webp = await toSquareWebp(bytes, 'contain');
  const logo = await saveUpload(deps.uploadsDir, webp);
  const icons = clubIcons(logo);
  const inner = await pngOf(webp, Math.round(512 * MASKABLE_MARK));
  const maskable = await sharp({ create: { width: 512, height: 512, channels: 4, background: '#ffffff' } })
    .composite([{ input: inner, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
  // An Apple touch icon is shown on an opaque square: transparent corners would turn black.
  const appleTouch = await sharp(await pngOf(webp, 180)).flatten({ background: '#ffffff' }).png().toBuffer();
  const files: [string, Buffer][] = [
    [icons.icon192, await pngOf(webp, 192)],
    [icons.icon512, await pngOf(webp, 512)],
    [icons.maskable512, maskable],
    [icons.favicon, await pngOf(webp, 48)],
    [icons.appleTouch, appleTouch],
  ];
  await Promise.all(files.map(([url, png]) => writeFile(join(deps.uploadsDir, url.replace(/^\/uploads\//, '')), png)));
  return { logo };
}
