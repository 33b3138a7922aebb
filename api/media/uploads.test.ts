import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../platform/errors';
import { AVATAR_SIZE, removeUpload, saveUpload, toSquareWebp, uploadPath } from './uploads';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 11, g: 79, b: 138 } } });

async function refusal(promise: Promise<unknown>): Promise<ServiceError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ServiceError);
  return err as ServiceError;
}

describe('toSquareWebp', () => {
  it.each([
    ['png', () => solid(900, 600).png().toBuffer()],
    ['jpeg', () => solid(300, 800).jpeg().toBuffer()],
    ['webp', () => solid(40, 40).webp().toBuffer()],
    ['gif', () => solid(64, 48).gif().toBuffer()],
    ['avif', () => solid(64, 64).avif().toBuffer()],
  ])('re-encodes a %s as a 512x512 WebP', async (_name, make) => {
    const out = await toSquareWebp(await make());
    const meta = await sharp(out).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: AVATAR_SIZE, height: AVATAR_SIZE });
  });

  it('drops EXIF and other metadata', async () => {
    const input = await solid(800, 800)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'someone@example.com' } })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await toSquareWebp(input);
    const meta = await sharp(out).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(out.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('refuses an SVG, text and truncated bytes with 415', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    expect((await refusal(toSquareWebp(svg))).status).toBe(415);
    expect((await refusal(toSquareWebp(Buffer.from('just some text, not a picture')))).status).toBe(415);
    const png = await solid(200, 200).png().toBuffer();
    expect((await refusal(toSquareWebp(png.subarray(0, 60)))).status).toBe(415);
  });

  it('refuses a TIFF (not one of the accepted types)', async () => {
    const tiff = await solid(20, 20).tiff().toBuffer();
    const err = await refusal(toSquareWebp(tiff));
    expect(err.status).toBe(415);
    expect(err.message).toBe('Please upload an image file (JPEG, PNG, WebP or GIF)');
  });

  it('refuses a decompression bomb (a small file with too many pixels) with 413 before decoding it', async () => {
    const bomb = await solid(7000, 7000).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect((await refusal(toSquareWebp(bomb))).status).toBe(413);
  });
});

describe('saveUpload / removeUpload', () => {
  it('writes under a random name and removes only files it made', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'uploads-test-'));
    const a = await saveUpload(dir, new Uint8Array([1, 2, 3]));
    const b = await saveUpload(dir, new Uint8Array([4]));
    expect(a).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    expect(a).not.toBe(b);
    const path = uploadPath(dir, a)!;
    expect(readFileSync(path)).toEqual(Buffer.from([1, 2, 3]));
    await removeUpload(dir, a);
    expect(existsSync(path)).toBe(false);
    await removeUpload(dir, a); // already gone: no error

    writeFileSync(join(dir, 'keep.png'), 'x');
    await removeUpload(dir, '/uploads/keep.png');
    await removeUpload(dir, '/uploads/../../etc/passwd');
    expect(existsSync(join(dir, 'keep.png'))).toBe(true);
    expect(uploadPath(dir, 'https://example.com/a.webp')).toBeNull();
    expect(uploadPath(dir, null)).toBeNull();
  });
});
