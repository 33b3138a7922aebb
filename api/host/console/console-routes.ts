// The host's console at /_host/ on any address: the host administrator (HOST_ADMIN_TOKEN, a role
// above the clubs that no club's account has) lists the clubs with their size, members, last activity,
// last backup and schema, creates one, suspends or resumes one, and downloads one's export. Without
// HOST_ADMIN_TOKEN the console does not exist (404), and a wrong token is refused like a missing one.
import { timingSafeEqual } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { CLUB_MOVED_ERROR, CLUB_NOT_FOUND_ERROR, HOST_TOKEN_ERROR, clubStripeSchema, type HostClubs } from '../../../domain/contract/host';
import { NOT_FOUND_ERROR, SERVER_FAULT_ERROR } from '../../../domain/contract/common';
import { ServiceError } from '../../platform/errors';
import { sha256 } from '../../platform/tokens';
import { APP_VERSION } from '../../platform/version';
import { clubAddress, folderOf } from '../addresses';
import { clubFacts } from './club-facts';
import { exportClub } from '../club-export';
import { CONSOLE_PATH } from '../front-door';
import { CONSOLE_PAGE, CONSOLE_SCRIPT } from './console-page';
import { createClub } from './create-club';
import type { Host } from '../host';
import type { ClubPool } from '../club-pool';

function tokenMatches(given: string | undefined, wanted: string): boolean {
  if (!given) return false;
  // Compared as digests: equal lengths, and no timing that tells how much of it was right.
  return timingSafeEqual(Buffer.from(sha256(given), 'hex'), Buffer.from(sha256(wanted), 'hex'));
}

const HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };

export function hostConsole(host: Host, pool: ClubPool) {
  const app = new Hono({ strict: false }).basePath(CONSOLE_PATH);
  const entryOf = (c: Context) => {
    const address = clubAddress(c.req.param('address'));
    const entry = address ? host.registry.find(address) : undefined;
    if (!entry) throw new ServiceError(404, CLUB_NOT_FOUND_ERROR);
    return entry;
  };

  app.use('*', async (c, next) => {
    if (!host.env.HOST_ADMIN_TOKEN) throw new ServiceError(404, NOT_FOUND_ERROR);
    await next();
    for (const [name, value] of Object.entries(HEADERS)) c.header(name, value);
  });
  // The page and its script hold nothing of any club: the data comes from the API, with the token.
  app.get('/', (c) => c.html(CONSOLE_PAGE, 200, { 'Content-Security-Policy': "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'" }));
  app.get('/console.js', (c) => c.body(CONSOLE_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  app.use('/api/*', async (c, next) => {
    const given = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!tokenMatches(given, host.env.HOST_ADMIN_TOKEN!)) throw new ServiceError(401, HOST_TOKEN_ERROR);
    await next();
  });
  app.get('/api/clubs', (c) =>
    c.json({ version: APP_VERSION, clubs: host.registry.list().map((e) => clubFacts(host.env, e, pool.isOpen(e.address))) } satisfies HostClubs),
  );
  app.post('/api/clubs', async (c) => {
    const body: unknown = await c.req.json().catch(() => null);
    return c.json(await createClub(host, body, Date.now()), 201);
  });
  app.post('/api/clubs/:address/suspend', async (c) => {
    const entry = entryOf(c);
    host.registry.setState(entry.address, 'suspended');
    await host.closeClub(entry.address);
    return c.json(clubFacts(host.env, host.registry.find(entry.address)!, false));
  });
  app.post('/api/clubs/:address/resume', (c) => {
    const entry = entryOf(c);
    // A club that moved away lives on another machine now; bringing it back here is a new import.
    if (entry.state === 'moved') throw new ServiceError(409, CLUB_MOVED_ERROR);
    host.registry.setState(entry.address, 'active');
    return c.json(clubFacts(host.env, host.registry.find(entry.address)!, pool.isOpen(entry.address)));
  });
  // The club's own Stripe account: set, replaced or removed; the club is closed so its next request opens it with them.
  app.put('/api/clubs/:address/stripe', async (c) => {
    const entry = entryOf(c);
    const parsed = clubStripeSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new ServiceError(400, issue.message, { field: String(issue.path[0] ?? 'secretKey') });
    }
    host.registry.setStripe(entry.address, parsed.data);
    await host.closeClub(entry.address);
    return c.json(clubFacts(host.env, host.registry.find(entry.address)!, false));
  });
  app.delete('/api/clubs/:address/stripe', async (c) => {
    const entry = entryOf(c);
    host.registry.setStripe(entry.address, null);
    await host.closeClub(entry.address);
    return c.json(clubFacts(host.env, host.registry.find(entry.address)!, false));
  });
  app.get('/api/clubs/:address/export', async (c) => {
    const entry = entryOf(c);
    const scratch = mkdtempSync(join(tmpdir(), 'club-export-'));
    const file = join(scratch, 'export.zip');
    let size: number;
    try {
      size = (await exportClub(host.env, entry, file, Date.now())).bytes;
    } catch (err) {
      rmSync(scratch, { recursive: true, force: true });
      throw err;
    }
    // Sent as it is read from the disk, never held whole; the file goes once it is sent or the download stops.
    const stream = createReadStream(file);
    stream.once('close', () => rmSync(scratch, { recursive: true, force: true }));
    return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>, 200, {
      'Content-Type': 'application/zip',
      'Content-Length': String(size),
      'Content-Disposition': `attachment; filename="${folderOf(entry.address)}.zip"`,
    });
  });

  app.notFound((c) => c.json({ error: NOT_FOUND_ERROR }, 404, HEADERS));
  app.onError((err, c) => {
    if (err instanceof ServiceError) return c.json({ error: err.message, ...err.extra }, err.status, HEADERS);
    host.logger.error({ err, path: c.req.path }, 'host console error');
    return c.json({ error: SERVER_FAULT_ERROR }, 500, HEADERS);
  });
  return (request: Request) => app.fetch(request);
}
