// Shared fixtures of the security suite: a populated club to attack, a snapshot of every table to
// prove a refused request changed nothing, and a real server for what only a socket can show.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import sharp from 'sharp';
import { seed } from '../../db/seed';
import { roleChangeNotifications, users } from '../../db/schema';
import type { AppEnv } from '../context';
import { makeTestApp, type TestApp } from '../testing';
import { PUSH_DEVICE } from '../test-fixtures/push-service';

type Row = Record<string, unknown>;
export type Snapshot = Record<string, string[]>;

/** Every row of every table (migrations bookkeeping aside), each table's rows in a stable order. */
export function snapshot(t: TestApp): Snapshot {
  const tables = t.database.sqlite
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%drizzle%' order by name",
    )
    .all() as { name: string }[];
  const out: Snapshot = {};
  for (const { name } of tables) {
    const rows = t.database.sqlite.prepare(`select * from "${name}"`).all() as Row[];
    out[name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

export function tableNames(t: TestApp): string[] {
  return Object.keys(snapshot(t));
}

export function rowCount(t: TestApp, table: string): number {
  return (t.database.sqlite.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n;
}

export const FUTURE_DATE = '2026-03-10';

export const ACTORS = [
  'admin',
  'exec',
  'member',
  'pending',
  'publicUser',
  'expired',
  'rejected',
  'author',
  'filler',
  'waiter',
  'racer',
  'applicant',
  'target',
] as const;
export type ActorName = (typeof ACTORS)[number];

export const phoneOf = (index: number) => `(416) 555-${String(100 + index).padStart(4, '0')}`;

export interface World {
  t: TestApp;
  users: Record<ActorName, { id: number; email: string; token: string }>;
  /** A workout with no capacity limit, by `author`. */
  openWorkoutId: number;
  /** Capacity 1, `filler` signed up, `waiter` on the waitlist; by `author`. */
  fullWorkoutId: number;
  eventId: number;
  /** Created by `member`; `racer` is signed up. */
  raceId: number;
  /** A device `racer` turned notifications on for. */
  deviceId: number;
}

/**
 * A small club: one account per role and per situation. `author` wrote the posts as an exec and is
 * a plain member now, so only authorship (not rank) lets them edit their posts.
 */
export async function buildWorld(t: TestApp = makeTestApp()): Promise<World> {
  await seed(t.database, t.deps.env, t.clock.now(), () => {});
  const made = {} as World['users'];
  const roles: Record<ActorName, Parameters<TestApp['createUser']>[0]> = {
    admin: { role: 'administrator' },
    exec: { role: 'exec' },
    member: { role: 'member' },
    pending: { role: 'pending', charter: false },
    publicUser: { role: 'public' },
    expired: { role: 'member', expiryDate: '2026-01-31' },
    rejected: { role: 'rejected' },
    author: { role: 'exec' },
    filler: { role: 'member' },
    waiter: { role: 'member' },
    racer: { role: 'member' },
    applicant: { role: 'pending' },
    target: { role: 'member' },
  };
  for (const [i, name] of ACTORS.entries()) {
    made[name] = await t.createUser({ ...roles[name], email: `${name.toLowerCase()}@club.test`, name: `The ${name}` });
    // A phone of one's own, so a leak of someone else's would show.
    t.db.update(users).set({ phoneNumber: phoneOf(i) }).where(eq(users.id, made[name].id)).run();
  }
  const post = async (body: object) => {
    const res = await t.call('POST', '/api/forum/posts', { token: made.author.token, body });
    if (res.status !== 201) throw new Error(`fixture post: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.post.id as number;
  };
  const workout = { type: 'workout', workoutType: 'run', workoutDate: FUTURE_DATE, workoutTime: '18:15', content: 'Tempo run' };
  const openWorkoutId = await post({ ...workout, title: 'Open run' });
  const fullWorkoutId = await post({ ...workout, title: 'Small swim', workoutType: 'swim', capacity: 1 });
  const eventId = await post({ type: 'event', title: 'Club social', eventDate: FUTURE_DATE, content: 'Pizza' });
  const must = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await t.call(method, path, { token, body });
    if (res.status >= 300) throw new Error(`fixture ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  await must('POST', `/api/forum/workouts/${fullWorkoutId}/signup`, made.filler.token, { signedUp: true });
  await must('POST', `/api/forum/workouts/${fullWorkoutId}/waitlist`, made.waiter.token);
  const race = await must('POST', '/api/races', made.member.token, { name: 'Spring Sprint', date: '2026-05-17', location: 'Lake', description: 'Sprint' });
  const raceId = race.race.id as number;
  await must('POST', `/api/races/${raceId}/signup`, made.racer.token);
  const device = await must('PUT', '/api/me/notifications/devices', made.racer.token, PUSH_DEVICE);
  const deviceId = device.device.id as number;
  t.db.update(users).set({ role: 'member' }).where(eq(users.id, made.author.id)).run();
  t.db
    .insert(roleChangeNotifications)
    .values({ userId: made.member.id, oldRole: 'pending', newRole: 'member', createdAt: t.clock.now() })
    .run();
  return { t, users: made, openWorkoutId, fullWorkoutId, eventId, raceId, deviceId };
}

/** A route template with :applicant, :target, :openWorkout, :fullWorkout, :event or :race filled in. */
export function fillPath(template: string, w: World): string {
  const ids: Record<string, number> = {
    applicant: w.users.applicant.id,
    target: w.users.target.id,
    openWorkout: w.openWorkoutId,
    fullWorkout: w.fullWorkoutId,
    event: w.eventId,
    race: w.raceId,
  };
  return template.replace(/:(\w+)/g, (whole, name: string) => (name in ids ? String(ids[name]) : whole));
}

/** A small, real PNG (solid colour). */
export function smallPng(width = 64, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } }).png().toBuffer();
}

export function pictureForm(bytes: Uint8Array, filename = 'me.png', type = 'image/png', field = 'profilePicture'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
}

export interface RunningServer {
  port: number;
  close: () => Promise<void>;
}

/** The app behind a real HTTP server on 127.0.0.1 and a free port. */
export function startServer(app: Hono<AppEnv>): Promise<RunningServer> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
  });
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface RawRequest {
  port: number;
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent one by one; with no content-length header, node sends them chunked. */
  chunks?: Uint8Array[];
  /** The client's own address (any of 127.0.0.0/8 reaches a server on 127.0.0.1 under Linux). */
  localAddress?: string;
}

/**
 * One request through node's http client. The server may answer (413) before the body is all sent
 * and close the connection: the answer still counts, a write error after it does not.
 */
export function rawRequest(req: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const r = httpRequest(
      {
        host: '127.0.0.1',
        port: req.port,
        method: req.method,
        path: req.path,
        headers: req.headers,
        ...(req.localAddress ? { localAddress: req.localAddress } : {}),
        agent: false,
      },
      (res) => {
        answered = true;
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(parts).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    r.on('error', (err) => {
      if (!answered) reject(err);
    });
    const chunks = req.chunks ?? [];
    let i = 0;
    const pump = () => {
      while (i < chunks.length) {
        if (answered || r.destroyed) return;
        const ok = r.write(chunks[i++]);
        if (!ok) {
          r.once('drain', pump);
          return;
        }
      }
      r.end();
    };
    pump();
  });
}

/** Parses a Content-Security-Policy header into directive -> sources. */
export function cspDirectives(header: string | null | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

// ---------- Hand-made PNGs: a real decompression bomb in a few KB, without decoding anything ----------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A valid 1-bit greyscale PNG of width x height, all black. Its pixels deflate to almost nothing,
 * so 10000 x 10000 (100 megapixels once decoded) is a file of a few KB. `extra` chunks go before IDAT.
 */
export function bitmapPng(width: number, height: number, extra: Buffer[] = []): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filter, no interlace
  const row = Math.ceil(width / 8) + 1; // one filter byte per row
  const raw = Buffer.alloc(row * height);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    ...extra,
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Only a header that claims width x height, and no pixel data at all. */
export function headerOnlyPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IEND', Buffer.alloc(0))]);
}

export function textChunk(keyword: string, text: string): Buffer {
  return pngChunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1'));
}
