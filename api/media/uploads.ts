import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { UPLOAD_TOO_MANY_PIXELS_ERROR, UPLOAD_TYPE_ERROR } from '../../domain/contract/members/users';
import type { Logger } from '../platform/logger';
import { ServiceError } from '../platform/errors';

export const AVATAR_SIZE = 512;
/** Bigger inputs are refused before decoding: a tiny file can expand to gigabytes (a decompression bomb). */
export const MAX_INPUT_PIXELS = 40_000_000;

// 'heif' is how sharp names AVIF; HEIC (HEVC) cannot be decoded by sharp's bundled libvips.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
const OUR_FILE = /^\/uploads\/([a-f0-9]{32}\.webp)$/;

/**
 * Checks what the user sent is a picture we take: the type is read from the bytes (never the file
 * name or the browser's label), and its size before anything is decoded.
 */
async function checkPicture(input: Uint8Array): Promise<void> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (err) {
    if (isPixelLimit(err)) throw new ServiceError(413, UPLOAD_TOO_MANY_PIXELS_ERROR);
    throw new ServiceError(415, UPLOAD_TYPE_ERROR);
  }
  if (!ACCEPTED_FORMATS.has(meta.format ?? '')) throw new ServiceError(415, UPLOAD_TYPE_ERROR);
  if (meta.format === 'heif' && meta.compression !== 'av1') throw new ServiceError(415, UPLOAD_TYPE_ERROR);
  const height = meta.pageHeight ?? meta.height;
  if (!meta.width || !height) throw new ServiceError(415, UPLOAD_TYPE_ERROR);
  if (meta.width * height > MAX_INPUT_PIXELS) throw new ServiceError(413, UPLOAD_TOO_MANY_PIXELS_ERROR);
}

/**
 * The picture re-encoded as a WebP of `width` x `height`, cropped to fill (`cover`) or fitted whole on
 * a transparent background (`contain`, the club's logo), which drops EXIF, GPS and any payload hidden
 * in the original.
 */
async function toWebp(input: Uint8Array, width: number, height: number, fit: 'cover' | 'contain' = 'cover'): Promise<Buffer> {
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // apply the EXIF orientation before the metadata is dropped
      .resize(width, height, { fit, background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ quality: fit === 'contain' ? 90 : 82 })
      .toBuffer();
  } catch (err) {
    if (isPixelLimit(err)) throw new ServiceError(413, UPLOAD_TOO_MANY_PIXELS_ERROR);
    // A header that parses but a body that does not (a truncated or damaged file).
    throw new ServiceError(415, UPLOAD_TYPE_ERROR);
  }
}

/**
 * Turns whatever the user sent into a square WebP: a profile picture is cropped to fill it (`cover`),
 * the club's logo is fitted whole on a transparent square (`contain`).
 */
export async function toSquareWebp(input: Uint8Array, fit: 'cover' | 'contain' = 'cover'): Promise<Buffer> {
  await checkPicture(input);
  return toWebp(input, AVATAR_SIZE, AVATAR_SIZE, fit);
}

/** The widths of a slideshow photo's files (`<name>-800.webp`, `<name>-1600.webp`), 16:9. */
export const SLIDE_WIDTHS = [800, 1600] as const;

/** Turns whatever the user sent into the home page slideshow's WebP files, one per width. */
export async function toSlideWebps(input: Uint8Array): Promise<Map<string, Buffer>> {
  await checkPicture(input);
  const files = new Map<string, Buffer>();
  for (const width of SLIDE_WIDTHS) files.set(`-${width}.webp`, await toWebp(input, width, (width * 9) / 16));
  return files;
}

function isPixelLimit(err: unknown): boolean {
  return err instanceof Error && /pixel limit/i.test(err.message);
}

/**
 * Writes files that belong together under one random server-made name, each with its ending
 * (`-800.webp`), and answers their common public path (/uploads/<name>).
 */
export async function saveUploadSet(uploadsDir: string, files: Map<string, Uint8Array>): Promise<string> {
  await mkdir(uploadsDir, { recursive: true });
  const name = randomBytes(16).toString('hex');
  for (const [ending, bytes] of files) await writeFile(join(uploadsDir, `${name}${ending}`), bytes, { flag: 'wx' });
  return `/uploads/${name}`;
}

/** Writes the bytes under a random server-made name and answers the public URL (/uploads/<name>). */
export async function saveUpload(uploadsDir: string, bytes: Uint8Array, extension = 'webp'): Promise<string> {
  await mkdir(uploadsDir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${extension}`;
  await writeFile(join(uploadsDir, name), bytes, { flag: 'wx' });
  return `/uploads/${name}`;
}

/** The file behind an /uploads/ URL this service made, or null (seeded images and other URLs). */
export function uploadPath(uploadsDir: string, url: string | null | undefined): string | null {
  const m = url ? OUR_FILE.exec(url) : null;
  return m ? join(uploadsDir, m[1]!) : null;
}

/** Removes a file this service made; anything else, or a file already gone, is left alone. */
export async function removeUpload(
  uploadsDir: string,
  url: string | null | undefined,
  log?: Pick<Logger, 'warn'>,
): Promise<void> {
  const path = uploadPath(uploadsDir, url);
  if (!path) return;
  try {
    await unlink(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') log?.warn({ err, path }, 'could not remove an upload');
  }
}
