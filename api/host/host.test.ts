// Many clubs behind one front door, in this process: each club its own database, uploads, keys and
// secrets, chosen by the address a request is sent to. Every credential and reference of one club is
// refused at another; the single club of before is adopted as the first one without moving a file.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { hashPassword } from '../../db/passwords';
import { posts, races, teamProfiles, users } from '../../db/schema';
import { CLUB_CONTACT_EMAIL, DEFAULT_CLUB_NAME, DEFAULT_DESCRIPTION, DEFAULT_SHORT_NAME, DEFAULT_TAGLINE } from '../../domain/documents/club-identity';
import { CLUB_SUSPENDED_ERROR, HOST_TOKEN_ERROR, NO_CLUB_ERROR, STRIPE_SECRET_KEY_ERROR } from '../../domain/contract/host';
import Stripe from 'stripe';
import { clubOpener, clubWork, openHost } from '../clubs';
import type { MailTransport } from '../messaging/queue/transports';
import { createLogger } from '../platform/logger';
import { loadEnv } from '../platform/settings/env';
import { signSessionToken } from '../platform/tokens';
import { pictureForm, smallPng } from '../testing/pictures';
import { SoftwareAuthenticator } from '../testing/software-authenticator';
import { frontDoor } from './front-door';
import { clubFacts } from './console/club-facts';
import { hostConsole } from './console/console-routes';
import { HostScheduler } from './scheduler';
import { createClub } from './console/create-club';
import { migrateFleet } from './fleet';
import { exportClub, ImportRefused, importClub } from './club-export';
import { HostRegistry } from './registry';

const HOST_TOKEN = 'host-admin-token-for-the-tests-0123456789';
const A = 'rowing.localhost:3000';
const B = 'cycling.localhost:3000';
const PASSWORD = 'correct-horse';
const dirs: string[] = [];
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function hostEnv(dir: string, extra: Record<string, string> = {}) {
  return loadEnv({
    NODE_ENV: 'test',
    MULTI_CLUB: 'on',
    DATABASE_PATH: join(dir, 'club.db'),
    APP_URL: 'http://tri.localhost:3000',
    SEED_DEMO: '0',
    PASSWORD_HASH_LOG_N: '10',
    BACKUP_EVERY: 'off',
    LOG_LEVEL: 'silent',
    HOST_ADMIN_TOKEN: HOST_TOKEN,
    HOST_NAME: 'University Athletics IT',
    ...extra,
  });
}

interface Sent {
  to: string;
  subject: string;
  text: string;
}

async function world(options: { dir?: string; env?: Record<string, string> } = {}) {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'club-host-'));
  if (!options.dir) dirs.push(dir);
  const env = hostEnv(dir, options.env);
  const sent: Sent[] = [];
  const transport: MailTransport = {
    send: async (m) => {
      sent.push({ to: m.to, subject: m.subject, text: m.text });
      return {};
    },
  };
  const logger = createLogger(env);
  const { host, pool } = openHost(env, logger, { pages: true, transport });
  const fetch = frontDoor({ registry: host.registry, pool, console: hostConsole(host, pool), logger });
  closers.push(async () => {
    await pool.closeAll();
    host.registry.close();
  });
  const call = async (
    address: string,
    method: string,
    path: string,
    o: { token?: string; body?: unknown; form?: FormData; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { host: address, ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: BodyInit | undefined;
    if (o.form) body = o.form;
    else if (o.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(o.body);
    }
    const res = await fetch(new Request(`http://${address}${path}`, { method, headers, body }));
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.includes('json') ? await res.json() : type.startsWith('text') ? await res.text() : new Uint8Array(await res.arrayBuffer());
    return { status: res.status, body: parsed, headers: res.headers };
  };
  /** A club made by the host, set up through its emailed link by its first administrator. */
  const clubWithAdmin = async (address: string, name: string) => {
    const made = await createClub(host, { address, name, adminEmail: `admin@${address.split(':')[0]}` }, Date.now());
    const key = new URL(made.setupLink).searchParams.get('key')!;
    const setup = await call(address, 'POST', '/api/setup', { body: { clubName: name, name: `${name} Admin`, email: `admin@${address.split(':')[0]}`, password: PASSWORD, key } });
    expect(setup.status, JSON.stringify(setup.body)).toBe(201);
    return { token: setup.body.token as string, setupLink: made.setupLink, key };
  };
  return { dir, env, host, pool, fetch, call, sent, clubWithAdmin };
}

describe('a club per address', () => {
  it('refuses every credential and reference of one club at another: session, rate limits, upload, idempotency key, feed secret, passkey', async () => {
    const w = await world();
    const a = await w.clubWithAdmin(A, 'Rowing');
    const b = await w.clubWithAdmin(B, 'Cycling');

    // A session: each club's own works at home and is refused at the other (both accounts are number 1).
    expect((await w.call(A, 'GET', '/api/me/export', { token: a.token })).status).toBe(200);
    expect((await w.call(B, 'GET', '/api/announcements', { token: b.token })).status).toBe(200);
    expect((await w.call(B, 'GET', '/api/announcements', { token: a.token })).status).toBe(401);
    expect((await w.call(A, 'GET', '/api/announcements', { token: b.token })).status).toBe(401);
    // Even signed with B's own secret, a token that names club A is not B's.
    const bDeps = await w.host.withClub(w.host.registry.find(B)!, (club) => club.deps);
    const forged = await signSessionToken(bDeps.jwtSecret, 1, 0, { club: A });
    expect((await w.call(B, 'GET', '/api/announcements', { token: forged })).status).toBe(401);
    const unmarked = await signSessionToken(bDeps.jwtSecret, 1, 0);
    expect((await w.call(B, 'GET', '/api/announcements', { token: unmarked })).status).toBe(401);

    // Rate limits: both administrators are account 1 of their club; A's three downloads a day are A's.
    expect((await w.call(A, 'GET', '/api/me/export', { token: a.token })).status).toBe(200);
    expect((await w.call(A, 'GET', '/api/me/export', { token: a.token })).status).toBe(200);
    expect((await w.call(A, 'GET', '/api/me/export', { token: a.token })).status).toBe(429);
    expect((await w.call(B, 'GET', '/api/me/export', { token: b.token })).status).toBe(200);

    // An upload URL.
    const uploaded = await w.call(A, 'POST', '/api/users/profile-picture', { token: a.token, form: pictureForm(await smallPng()) });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const picture = new URL(uploaded.body.profilePictureUrl as string, 'http://x').pathname;
    expect(picture).toMatch(/^\/uploads\//);
    expect((await w.call(A, 'GET', picture)).status).toBe(200);
    expect((await w.call(B, 'GET', picture)).status).toBe(404);

    // An idempotency key: the same key at B is B's own write, not A's stored answer.
    const note = { title: 'Pool closed', body: 'Swim moves to Saturday.', until: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10) };
    const headers = { 'idempotency-key': '6f0c8a3e-1d1b-4e4e-9d76-2a4d3c1b9f00' };
    expect((await w.call(A, 'POST', '/api/announcements', { token: a.token, body: note, headers })).status).toBe(201);
    expect((await w.call(B, 'POST', '/api/announcements', { token: b.token, body: note, headers })).status).toBe(201);
    const listed = await w.call(B, 'GET', '/api/announcements', { token: b.token });
    expect(listed.body.announcements).toHaveLength(1);

    // A calendar feed's secret address.
    const link = await w.call(A, 'GET', '/api/me/calendar-link', { token: a.token });
    expect(link.status).toBe(200);
    const feed = new URL(link.body.url as string);
    expect(feed.host).toBe(A);
    expect((await w.call(A, 'GET', feed.pathname)).status).toBe(200);
    expect((await w.call(B, 'GET', feed.pathname)).status).toBe(404);

    // A passkey: bound to A's host as its relying party, unknown at B whatever origin it claims.
    const key = new SoftwareAuthenticator();
    const asked = await w.call(A, 'POST', '/api/passkeys/options', { token: a.token, body: {} });
    expect(asked.status).toBe(200);
    expect(asked.body.options.rp.id).toBe('rowing.localhost');
    const added = await w.call(A, 'POST', '/api/passkeys', { token: a.token, body: { response: key.create(asked.body.options, `http://${A}`) } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const signIn = async (address: string, origin: string) => {
      const options = await w.call(address, 'POST', '/api/auth/passkey/options');
      return w.call(address, 'POST', '/api/auth/passkey/login', { body: { response: key.get(options.body.options, origin) } });
    };
    expect((await signIn(A, `http://${A}`)).status).toBe(200);
    expect((await signIn(B, `http://${A}`)).status).toBeGreaterThanOrEqual(400);
    expect((await signIn(B, `http://${B}`)).status).toBeGreaterThanOrEqual(400);
    const bOptions = await w.call(B, 'POST', '/api/auth/passkey/options');
    expect(bOptions.body.options.rpId).toBe('cycling.localhost');
  });

  it('sends the first administrator a one-time setup link; without its key the setup does not exist', async () => {
    const w = await world();
    const made = await createClub(w.host, { address: 'Swim.Localhost:3000', name: 'Swim Club', adminEmail: 'coach@swim.test' }, Date.now());
    expect(made.club.address).toBe('swim.localhost:3000');
    expect(made.setupLink).toMatch(/^http:\/\/swim\.localhost:3000\/setup\?key=[\w-]{40,}$/);
    expect(w.sent).toEqual([expect.objectContaining({ to: 'coach@swim.test', subject: 'Set up Swim Club' })]);
    expect(w.sent[0]!.text).toContain(made.setupLink);
    const key = new URL(made.setupLink).searchParams.get('key')!;
    expect((await w.call('swim.localhost:3000', 'GET', '/api/setup')).status).toBe(404);
    // Nor does the app send a visitor to it: the club's settings do not say it awaits its first run.
    expect((await w.call('swim.localhost:3000', 'GET', '/api/config')).body.firstRun).toBe(false);
    expect((await w.call('swim.localhost:3000', 'GET', '/api/setup?key=wrong-key')).status).toBe(404);
    expect((await w.call('swim.localhost:3000', 'GET', `/api/setup?key=${key}`)).status).toBe(200);
    const body = { clubName: 'Swim Club', name: 'Coach', email: 'coach@swim.test', password: PASSWORD };
    expect((await w.call('swim.localhost:3000', 'POST', '/api/setup', { body })).status).toBe(404);
    expect((await w.call('swim.localhost:3000', 'POST', '/api/setup', { body: { ...body, key } })).status).toBe(201);
    expect((await w.call('swim.localhost:3000', 'POST', '/api/setup', { body: { ...body, key } })).status).toBe(404);
    // The address is taken now, in whatever case it is given.
    await expect(createClub(w.host, { address: 'SWIM.localhost:3000', name: 'Again', adminEmail: 'x@y.test' }, Date.now())).rejects.toThrow(/already/);
    await expect(createClub(w.host, { address: 'not an address', name: 'Bad', adminEmail: 'x@y.test' }, Date.now())).rejects.toThrow(/host name/);
  });

  it('shows a club it creates under the name the host gave, with nothing of the demo club, before anyone has set it up', async () => {
    // A host whose own settings would seed the demo into a single club.
    const w = await world({ env: { NODE_ENV: 'development', SEED_DEMO: '1' } });
    const made = await createClub(w.host, { address: A, name: 'Riverside Rowing Association', adminEmail: 'cox@rowing.test' }, Date.now());
    const config = await w.call(A, 'GET', '/api/config');
    expect(config.status).toBe(200);
    expect(config.body.club).toMatchObject({ name: 'Riverside Rowing Association', shortName: 'Riverside', contactEmail: 'cox@rowing.test' });
    for (const demo of [DEFAULT_CLUB_NAME, DEFAULT_SHORT_NAME, DEFAULT_TAGLINE, DEFAULT_DESCRIPTION, CLUB_CONTACT_EMAIL, /triathlon/i, /swim/i]) {
      expect(JSON.stringify(config.body.club)).not.toMatch(demo);
    }
    for (const demo of [DEFAULT_CLUB_NAME, DEFAULT_TAGLINE, CLUB_CONTACT_EMAIL]) expect(JSON.stringify(config.body)).not.toContain(demo);
    // Its public pages as a visitor's browser draws them (under the name above): the club's contact is its own.
    const home = await w.call(A, 'GET', '/api/club/documents/home-page');
    const join = await w.call(A, 'GET', '/api/club/documents/join-page');
    expect([home.status, join.status]).toEqual([200, 200]);
    expect(JSON.stringify(join.body)).toContain('mailto:cox@rowing.test');
    for (const shown of [JSON.stringify(home.body), JSON.stringify(join.body)]) {
      for (const demo of [DEFAULT_CLUB_NAME, DEFAULT_SHORT_NAME, DEFAULT_TAGLINE, CLUB_CONTACT_EMAIL]) expect(shown).not.toContain(demo);
    }
    // Its pages, terms and schedule are a new club's from the start, not the demo's defaults: a visitor
    // of its address before the first run sees no demo title, package or timetable.
    expect(home.body).toMatchObject({ version: 1, body: { title: 'Train together.' } });
    expect(join.body.body.fees).toEqual([]);
    const seasons = (await w.call(A, 'GET', '/api/club/documents/seasons')).body;
    expect(seasons.version).toBe(1);
    expect(seasons.body.seasons.flatMap((season: { sessions: unknown[] }) => season.sessions)).toEqual([]);
    expect(JSON.stringify([home.body, join.body, seasons])).not.toMatch(/Swim\. Bike\. Run|Aquatic|Varsity|HST/);
    // No demo accounts, workouts, events, races or team pictures in its database.
    const entry = w.host.registry.find(A)!;
    await w.pool.closeClub(A);
    const database = openDatabase(entry.databasePath);
    try {
      const { db } = database;
      expect(db.select().from(users).all()).toEqual([]);
      expect(db.select().from(posts).all()).toEqual([]);
      expect(db.select().from(races).all()).toEqual([]);
      expect(db.select().from(teamProfiles).all().filter((p) => p.name || p.image)).toEqual([]);
    } finally {
      database.close();
    }
    expect(existsSync(entry.uploadsDir) ? readdirSync(entry.uploadsDir) : []).toEqual([]);
    // Its first run words them again under the name its administrator gives, as the administrator's.
    const key = new URL(made.setupLink).searchParams.get('key');
    const setup = await w.call(A, 'POST', '/api/setup', { body: { clubName: 'Riverside RA', name: 'Cox', email: 'cox@rowing.test', password: PASSWORD, sports: ['row'], key } });
    expect(setup.status).toBe(201);
    const worded = (await w.call(A, 'GET', '/api/club/documents/home-page', { token: setup.body.token as string })).body;
    expect(worded).toMatchObject({ version: 2, publishedBy: { name: 'Cox' } });
    expect(worded.body.tagline).toContain('Riverside RA');
    expect((await w.call(A, 'GET', '/api/club/documents/seasons')).body.version).toBe(2);
  });

  it('answers an address no club has with a 404 that names no club, as a page or as JSON', async () => {
    const w = await world();
    await w.clubWithAdmin(A, 'Rowing Secret Society');
    for (const address of ['nobody.localhost:3000', 'rowing.localhost:3001', 'localhost:3000']) {
      const page = await w.call(address, 'GET', '/', { headers: { accept: 'text/html' } });
      expect(page.status).toBe(404);
      expect(page.body).toContain(NO_CLUB_ERROR);
      expect(page.body).not.toMatch(/Rowing|rowing/);
      const api = await w.call(address, 'GET', '/api/config');
      expect(api).toMatchObject({ status: 404, body: { error: NO_CLUB_ERROR } });
    }
    expect((await w.call(A, 'GET', '/api/config')).body.club.name).toBe('Rowing Secret Society');
    // The club's privacy page names the host as who runs its server.
    expect((await w.call(A, 'GET', '/api/privacy')).body.hostedBy).toBe('University Athletics IT');
  });

  it('serves a suspended club’s pages as suspended, deletes nothing, and serves it again once resumed', async () => {
    const w = await world();
    const a = await w.clubWithAdmin(A, 'Rowing');
    const asHost = { authorization: `Bearer ${HOST_TOKEN}` };
    expect((await w.call(B, 'POST', `/_host/api/clubs/${A}/suspend`, { headers: asHost })).status).toBe(200);
    const page = await w.call(A, 'GET', '/forum', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(503);
    expect(page.body).toContain(CLUB_SUSPENDED_ERROR);
    expect(await w.call(A, 'GET', '/api/announcements', { token: a.token })).toMatchObject({ status: 503, body: { error: CLUB_SUSPENDED_ERROR } });
    expect((await w.call(B, 'POST', `/_host/api/clubs/${A}/resume`, { headers: asHost })).status).toBe(200);
    expect((await w.call(A, 'GET', '/api/announcements', { token: a.token })).status).toBe(200);
  });
});

describe('each club’s background work', () => {
  it('backs each club up into its own folder, shown in the console, and stops the work of a club suspended while open', async () => {
    const w = await world({ env: { BACKUP_EVERY: '24h' } });
    await w.clubWithAdmin(A, 'Rowing');
    const scheduler = new HostScheduler(w.host, w.pool, clubWork(w.env));
    await scheduler.sweep(Date.now());
    const entry = w.host.registry.find(A)!;
    const backups = readdirSync(join(dirname(entry.databasePath), 'backups')).filter((n) => n.endsWith('.db'));
    expect(backups).toHaveLength(1);
    expect(clubFacts(w.env, entry, true).lastBackupAt).not.toBeNull();
    // A second sweep within the day makes no second backup.
    await scheduler.sweep(Date.now());
    expect(readdirSync(join(dirname(entry.databasePath), 'backups')).filter((n) => n.endsWith('.db'))).toHaveLength(1);
    // Suspended from the CLI while open: the next beat closes it.
    expect(w.pool.isOpen(A)).toBe(true);
    w.host.registry.setState(A, 'suspended');
    await scheduler.beat();
    expect(w.pool.isOpen(A)).toBe(false);
  });
});

describe('the host console', () => {
  it('is the host administrator’s: it lists, creates and exports clubs with their figures', async () => {
    const w = await world();
    await w.clubWithAdmin(A, 'Rowing');
    expect((await w.call(A, 'GET', '/_host/api/clubs')).body).toEqual({ error: HOST_TOKEN_ERROR });
    expect((await w.call(A, 'GET', '/_host/api/clubs', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const asHost = { authorization: `Bearer ${HOST_TOKEN}` };
    const created = await w.call(A, 'POST', '/_host/api/clubs', { headers: asHost, body: { address: B, name: 'Cycling', adminEmail: 'lead@cycling.test' } });
    expect(created.status).toBe(201);
    expect(created.body.setupLink).toContain(`http://${B}/setup?key=`);
    const bad = await w.call(A, 'POST', '/_host/api/clubs', { headers: asHost, body: { address: B, name: 'Again', adminEmail: 'lead@cycling.test' } });
    expect(bad).toMatchObject({ status: 409, body: { field: 'address' } });
    const list = await w.call(A, 'GET', '/_host/api/clubs', { headers: asHost });
    expect(list.body.clubs.map((c: { address: string }) => c.address)).toEqual([B, A]);
    const rowing = list.body.clubs.find((c: { address: string }) => c.address === A);
    expect(rowing).toMatchObject({ name: 'Rowing', state: 'active', members: 1, open: true, schema: { current: true }, lastBackupAt: null });
    expect(rowing.sizeBytes).toBeGreaterThan(10_000);
    const zip = await w.call(A, 'GET', `/_host/api/clubs/${A}/export`, { headers: asHost });
    expect(zip.status).toBe(200);
    const files = unzipSync(zip.body as Uint8Array);
    expect(JSON.parse(strFromU8(files['club.json']!))).toMatchObject({ address: A, name: 'Rowing' });
    expect(files['club.db']!.length).toBeGreaterThan(10_000);
    // An upload of several pieces (the export reads a megabyte at a time) comes out byte for byte.
    const entry = w.host.registry.find(A)!;
    const photo = randomBytes(3 * 1024 * 1024 + 17);
    mkdirSync(entry.uploadsDir, { recursive: true });
    writeFileSync(join(entry.uploadsDir, 'big-photo.webp'), photo);
    const withPhoto = unzipSync((await w.call(A, 'GET', `/_host/api/clubs/${A}/export`, { headers: asHost })).body as Uint8Array);
    expect(Buffer.from(withPhoto['uploads/big-photo.webp']!).equals(photo)).toBe(true);
    // The page itself holds no club: its script asks the API with the token.
    const page = await w.call(A, 'GET', '/_host/', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('Rowing');
  });

  it('takes each club’s online payments into its own Stripe account, never the host’s', async () => {
    const hostKeys = { STRIPE_SECRET_KEY: 'sk_test_host', STRIPE_WEBHOOK_SECRET: 'whsec_host' };
    const w = await world({ env: hostKeys });
    const a = await w.clubWithAdmin(A, 'Rowing');
    const b = await w.clubWithAdmin(B, 'Cycling');
    const asHost = { authorization: `Bearer ${HOST_TOKEN}` };
    const online = async (address: string, token: string) => (await w.call(address, 'GET', '/api/payments/me', { token })).body.online;
    // The host's own keys are no club's: a club that connected none takes payments by hand.
    expect(await online(A, a.token)).toBe(false);

    const refused = await w.call(A, 'PUT', `/_host/api/clubs/${A}/stripe`, { headers: asHost, body: { secretKey: 'pk_test_public', webhookSecret: 'whsec_rowing' } });
    expect(refused).toMatchObject({ status: 400, body: { error: STRIPE_SECRET_KEY_ERROR, field: 'secretKey' } });
    const set = await w.call(A, 'PUT', `/_host/api/clubs/${A}/stripe`, { headers: asHost, body: { secretKey: 'sk_test_rowing', webhookSecret: 'whsec_rowing' } });
    expect(set).toMatchObject({ status: 200, body: { address: A, onlinePayments: true } });
    expect(JSON.stringify(set.body)).not.toContain('sk_test_rowing');
    expect(await online(A, a.token)).toBe(true);
    expect(await online(B, b.token)).toBe(false);

    // Its webhook is signed with its own endpoint's secret: the host's is refused there.
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.expired', data: { object: { id: 'cs_none', object: 'checkout.session', metadata: {} } } });
    const signed = (secret: string) => ({ 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(Date.now() / 1000) }) });
    const deliver = (secret: string) => w.fetch(new Request(`http://${A}/api/payments/stripe/webhook`, { method: 'POST', headers: { host: A, ...signed(secret) }, body: payload }));
    expect((await deliver('whsec_host')).status).toBe(400);
    expect((await deliver('whsec_rowing')).status).toBe(200);

    expect((await w.call(A, 'DELETE', `/_host/api/clubs/${A}/stripe`, { headers: asHost })).body).toMatchObject({ onlinePayments: false });
    expect(await online(A, a.token)).toBe(false);
  });

  it('does not exist without HOST_ADMIN_TOKEN', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'club-host-'));
    dirs.push(dir);
    const env = hostEnv(dir);
    const w = await world({ dir, env: { HOST_ADMIN_TOKEN: '' } }).catch(() => null);
    // An empty token is refused as a setting; unset, the console answers 404.
    expect(w).toBeNull();
    const { HOST_ADMIN_TOKEN: _unset, ...withoutToken } = env;
    const logger = createLogger(env);
    const { host, pool } = openHost({ ...withoutToken }, logger);
    closers.push(async () => host.registry.close());
    const res = await hostConsole(host, pool)(new Request('http://x/_host/api/clubs', { headers: { authorization: `Bearer ${HOST_TOKEN}` } }));
    expect(res.status).toBe(404);
  });
});

/** A single club's data folder as it was before multi-club: its database with one administrator. */
async function singleClub() {
  const dir = mkdtempSync(join(tmpdir(), 'club-single-'));
  dirs.push(dir);
  const single = openDatabase(join(dir, 'club.db'));
  runMigrations(single);
  const id = single.db
    .insert(users)
    .values({ email: 'old@tri.test', passwordHash: await hashPassword(PASSWORD, 10), name: 'Old Member', role: 'administrator', joinDate: '2025-09-01' })
    .returning({ id: users.id })
    .get().id;
  single.close();
  return { dir, id };
}

describe('turning multi-club on where a single club ran', () => {
  it('adopts ./data/club.db as the first club at APP_URL’s address: same file, same sessions, same uploads', async () => {
    // The single club as it runs today: its database, secret and uploads in the data folder.
    const { dir, id } = await singleClub();
    writeFileSync(join(dir, 'jwt-secret'), 'a-single-club-secret-of-enough-length-to-pass');
    const oldToken = await signSessionToken(new TextEncoder().encode('a-single-club-secret-of-enough-length-to-pass'), id, 0);
    const before = readdirSync(dir).sort();

    const w = await world({ dir });
    const entry = w.host.registry.find('tri.localhost:3000');
    expect(entry).toMatchObject({ adopted: true, databasePath: join(dir, 'club.db'), uploadsDir: join(dir, 'uploads'), state: 'active' });
    expect(w.host.registry.list()).toHaveLength(1);
    // The member's session of before still works, at the club's own address.
    const me = await w.call('tri.localhost:3000', 'GET', '/api/me/export', { token: oldToken });
    expect(me.status).toBe(200);
    // Nothing moved: the files of before are where they were (host.db joins them).
    for (const name of before) expect(readdirSync(dir)).toContain(name);
    // A session the adopted club signs now names it.
    const login = await w.call('tri.localhost:3000', 'POST', '/api/auth/login', { body: { email: 'old@tri.test', password: PASSWORD } });
    expect(login.status).toBe(200);
    const claims = JSON.parse(Buffer.from((login.body.token as string).split('.')[1]!, 'base64url').toString());
    expect(claims.club).toBe('tri.localhost:3000');
  });

  it('moves the adopted club to another machine of the host with its members signed in, and no secret in its export', async () => {
    const HOST_SECRET = 'the-host-secret-every-machine-of-the-host-shares';
    const { dir, id } = await singleClub();
    const unmarked = await signSessionToken(new TextEncoder().encode(HOST_SECRET), id, 0);
    const a = await world({ dir, env: { JWT_SECRET: HOST_SECRET } });
    const login = await a.call('tri.localhost:3000', 'POST', '/api/auth/login', { body: { email: 'old@tri.test', password: PASSWORD } });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    expect((await a.call('tri.localhost:3000', 'GET', '/api/me/export', { token: unmarked })).status).toBe(200);

    const file = join(dir, 'tri.zip');
    await a.pool.closeClub('tri.localhost:3000');
    await exportClub(a.env, a.host.registry.find('tri.localhost:3000')!, file, Date.now());
    const zip = unzipSync(new Uint8Array(readFileSync(file)));
    for (const bytes of Object.values(zip)) expect(Buffer.from(bytes).includes(HOST_SECRET)).toBe(false);

    // Machine B of the same host (same JWT_SECRET) takes it in: the member's session goes on.
    const b = await world({ env: { JWT_SECRET: HOST_SECRET } });
    importClub(b.host, file, Date.now());
    expect(b.host.registry.find('tri.localhost:3000')).toMatchObject({ adopted: false, hostSecretSessions: true });
    expect((await b.call('tri.localhost:3000', 'GET', '/api/me/export', { token })).status).toBe(200);
    // A token signed before the club had an address names no club: only the machine that adopted it takes one.
    expect((await b.call('tri.localhost:3000', 'GET', '/api/me/export', { token: unmarked })).status).toBe(401);
    // Under another address it is another club: its sessions are its own.
    importClub(b.host, file, Date.now(), 'tri2.localhost:3000');
    expect(b.host.registry.find('tri2.localhost:3000')).toMatchObject({ hostSecretSessions: false });
    expect((await b.call('tri2.localhost:3000', 'GET', '/api/me/export', { token })).status).toBe(401);
  });

  it('refuses to import a file that is no export, or one whose database is unsound, and leaves nothing behind', async () => {
    const w = await world();
    const clubs = join(dirname(w.env.DATABASE_PATH), 'clubs');
    const notZip = join(dirname(w.env.DATABASE_PATH), 'photo.jpg');
    writeFileSync(notZip, randomBytes(4096));
    expect(() => importClub(w.host, notZip, Date.now())).toThrow(ImportRefused);
    const unsound = join(dirname(w.env.DATABASE_PATH), 'unsound.zip');
    writeFileSync(unsound, zipSync({ 'club.json': strToU8(JSON.stringify({ address: 'bad.localhost:3000', name: 'Bad' })), 'club.db': randomBytes(8192), 'uploads/a.webp': randomBytes(10) }));
    expect(() => importClub(w.host, unsound, Date.now())).toThrow(ImportRefused);
    expect(w.host.registry.find('bad.localhost:3000')).toBeUndefined();
    expect(existsSync(clubs) ? readdirSync(clubs).filter((name) => name.startsWith('.import-') || name.startsWith('bad')) : []).toEqual([]);
  });

  it('reads a host list written before clubs could keep the host’s secret: none does', () => {
    const dir = mkdtempSync(join(tmpdir(), 'club-host-'));
    dirs.push(dir);
    const path = join(dir, 'host.db');
    const old = new Database(path);
    old.exec(`create table clubs (address text primary key, name text not null, state text not null, database_path text not null,
      uploads_dir text not null, adopted integer not null default 0, setup_key_hash text, admin_email text, created_at integer not null,
      last_activity_at integer, problem text)`);
    old.prepare("insert into clubs (address, name, state, database_path, uploads_dir, created_at) values ('a.localhost', 'A', 'active', '/x', '/y', 1)").run();
    old.close();
    const registry = new HostRegistry(path);
    try {
      expect(registry.find('a.localhost')).toMatchObject({ adopted: false, hostSecretSessions: false });
    } finally {
      registry.close();
    }
  });

  it('leaves the single club alone when MULTI_CLUB is anything but "on"', () => {
    for (const value of [undefined, 'off', '1', 'true', 'ON']) {
      expect(loadEnv(value === undefined ? {} : { MULTI_CLUB: value }).MULTI_CLUB).toBe(false);
    }
    expect(loadEnv({ MULTI_CLUB: 'on' }).MULTI_CLUB).toBe(true);
  });
});

describe('a fleet migration', () => {
  it('migrates every club, reports the one whose file is unreadable, and refuses only that club with a clear answer', async () => {
    const w = await world();
    await w.clubWithAdmin(A, 'Rowing');
    await w.clubWithAdmin(B, 'Cycling');
    const broken = 'broken.localhost:3000';
    await createClub(w.host, { address: broken, name: 'Broken', adminEmail: 'x@broken.test' }, Date.now());
    await w.pool.closeAll();
    writeFileSync(w.host.registry.find(broken)!.databasePath, 'this is no longer a database, whatever it was');
    const report = migrateFleet(w.host.registry);
    expect(report.migrated.sort()).toEqual([B, A].sort());
    expect(report.failed).toEqual([{ address: broken, reason: expect.stringMatching(/not a database/) }]);
    expect(w.host.registry.find(broken)!.problem).toMatch(/not a database/);
    // The server refuses that club, page and API, and goes on serving the others.
    const api = await w.call(broken, 'GET', '/api/config');
    expect(api.status).toBe(503);
    expect(api.body.error).toMatch(/cannot be opened right now/);
    expect(api.headers.get('retry-after')).toBe('60');
    const page = await w.call(broken, 'GET', '/', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(503);
    expect((await w.call(A, 'GET', '/api/config')).status).toBe(200);
    // A club's file that is gone is a problem too, never a fresh empty club.
    rmSync(w.host.registry.find(B)!.databasePath);
    await w.pool.closeClub(B);
    await expect(clubOpener(w.env, createLogger(w.env))(w.host.registry.find(B)!)).rejects.toThrow(/missing/);
  });
});
