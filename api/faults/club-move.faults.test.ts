// Moving a club between two machines of a host, as deploy/README.md tells it, while its members write:
// two app processes (MULTI_CLUB=on) behind Debian's nginx on loopback, routed by the club's address.
// Stop writes (suspend), copy the file and uploads (the export), start it on the other machine (the
// import), switch the route (nginx reload). Every write answered 201 before, during or after the move
// must be in the club's database on the new machine; writes refused while it moved are resent, as the
// PWA's outbox resends them, with the same Idempotency-Key.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { clubsCommand } from '../cli/clubs-command';
import { proxyRoutes, proxySite } from '../host/proxy-routes';
import { HostRegistry } from '../host/registry';
import { loadEnv } from '../platform/settings/env';
import { freePort, startServer, type ChildServer } from '../testing/child-server';
import { makeAgent, requestJson } from '../testing/json-client';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const HOST_TOKEN = 'host-admin-token-for-the-move-test-0123456789';
const WRITERS = 6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('moving a club between two machines behind nginx', () => {
  const dir = mkdtempSync(join(tmpdir(), 'club-move-'));
  const servers: ChildServer[] = [];
  let nginx: ChildProcess | null = null;

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    for (const s of servers) await s.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write', async () => {
    if (!NGINX) throw new Error('This test runs Debian\'s nginx: apt-get install -y nginx-light (.ci/run installs it when missing).');
    const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
    const address = `rowing.localhost:${proxyPort}`;
    const machine = (name: string, port: number) => {
      const data = join(dir, name);
      mkdirSync(data, { recursive: true });
      const settings = { MULTI_CLUB: 'on', HOST_ADMIN_TOKEN: HOST_TOKEN, APP_URL: `http://localhost:${proxyPort}`, PASSWORD_HASH_LOG_N: '10', BACKUP_EVERY: 'off' };
      return {
        data,
        port,
        env: loadEnv({ ...settings, NODE_ENV: 'test', DATABASE_PATH: join(data, 'club.db'), JWT_SECRET: 'one-host-secret-shared-by-its-machines-0123', LOG_LEVEL: 'silent', SEED_DEMO: '0' }),
        start: () =>
          startServer({ databasePath: join(data, 'club.db'), port, jwtSecret: 'one-host-secret-shared-by-its-machines-0123', env: { ...settings, TRUST_PROXY: '1' }, healthPath: '/_host/health' }),
      };
    };
    const a = machine('a', portA);
    const b = machine('b', portB);
    servers.push(await a.start(), await b.start());

    // The proxy: its site generated as deploy/ has it, the routes of machine A.
    const routes = join(dir, 'routes');
    mkdirSync(routes);
    // Each machine's part of the routing table, as deploy/README.md has them written.
    const writeRoutes = () => {
      for (const m of [a, b]) {
        const registry = new HostRegistry(join(m.data, 'host.db'));
        writeFileSync(join(routes, `${m === a ? 'a' : 'b'}.map`), proxyRoutes(registry.list(), `127.0.0.1:${m.port}`));
        registry.close();
      }
    };
    const site = proxySite({ listen: `127.0.0.1:${proxyPort}`, routesDir: routes, fallback: `127.0.0.1:${portA}` });
    const conf = join(dir, 'nginx.conf');
    writeFileSync(
      conf,
      `daemon off;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/nginx-error.log;\nevents { worker_connections 256; }\nhttp {\n access_log off;\n client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;\n fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;\n${site}}\n`,
    );

    const printed: string[] = [];
    const created = await clubsCommand(a.env, ['create', address, '--name', 'Rowing', '--admin', 'cox@rowing.test'], { out: (l) => printed.push(l), err: () => {} });
    expect(created).toBe(0);
    const setupKey = new URL(printed.at(-1)!).searchParams.get('key');
    writeRoutes();
    expect(spawnSync(NGINX!, ['-t', '-c', conf, '-p', dir], { encoding: 'utf8' }).status).toBe(0);
    nginx = spawn(NGINX!, ['-c', conf, '-p', dir], { stdio: 'ignore' });
    const proxy = `http://127.0.0.1:${proxyPort}`;
    const agent = makeAgent(WRITERS * 2);
    const call = (method: string, path: string, o: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
      requestJson(agent, `${proxy}${path}`, { method, ...o, headers: { host: address, ...o.headers }, timeoutMs: 10_000 });
    for (let i = 0; i < 100; i += 1) {
      const up = await call('GET', '/api/health').catch(() => null);
      if (up?.status === 200) break;
      await sleep(100);
    }

    // The first administrator sets the club up through the proxy, with the link's key.
    const setup = await call('POST', '/api/setup', { body: { clubName: 'Rowing', name: 'Cox', email: 'cox@rowing.test', password: 'correct-horse', key: setupKey } });
    expect(setup.status, JSON.stringify(setup.body)).toBe(201);
    const token = setup.body.token as string;

    // Members write all along: each write resent with its key until it is answered 201.
    const acknowledged: string[] = [];
    const refusedWhileMoving = { count: 0 };
    let stopping = false;
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    async function writer(w: number) {
      for (let n = 0; !stopping; n += 1) {
        const title = `w${w}-${n}`;
        const key = randomUUID();
        for (;;) {
          const res = await call('POST', '/api/announcements', { token, body: { title, body: 'x', until }, headers: { 'idempotency-key': key } }).catch(() => null);
          if (res?.status === 201) {
            acknowledged.push(title);
            break;
          }
          refusedWhileMoving.count += 1;
          if (res && res.status !== 503 && res.status !== 502) throw new Error(`unexpected answer ${res.status}: ${JSON.stringify(res.body)}`);
          await sleep(50);
        }
      }
    }
    const writing = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    await sleep(1500);

    // The move, as the write-up says: suspend, export, import, switch the route.
    const asHost = { authorization: `Bearer ${HOST_TOKEN}` };
    const suspended = await requestJson(agent, `http://127.0.0.1:${portA}/_host/api/clubs/${address}/suspend`, { method: 'POST', headers: asHost });
    expect(suspended.status).toBe(200);
    const file = join(dir, 'rowing.zip');
    expect(await clubsCommand(a.env, ['export', address, file], { out: () => {}, err: () => {} })).toBe(0);
    expect(await clubsCommand(b.env, ['import', file], { out: () => {}, err: () => {} })).toBe(0);
    expect(await clubsCommand(a.env, ['moved', address], { out: () => {}, err: () => {} })).toBe(0);
    writeRoutes();
    expect(spawnSync(NGINX!, ['-s', 'reload', '-c', conf, '-p', dir]).status).toBe(0);
    // Writes go on, on machine B, with the same sessions (one host secret for its machines).
    const movedAt = acknowledged.length;
    for (let i = 0; i < 100 && acknowledged.length < movedAt + WRITERS * 5; i += 1) await sleep(100);
    stopping = true;
    await writing;
    expect(acknowledged.length).toBeGreaterThan(movedAt);
    expect(refusedWhileMoving.count).toBeGreaterThan(0);

    // Every acknowledged write is in the club's database on B; A's copy is suspended and intact.
    await servers[1]!.stop();
    const onB = new Database(join(b.data, 'clubs', address.replace(':', '_'), 'club.db'), { readonly: true });
    const titles = new Set((onB.prepare('select title from announcements').all() as { title: string }[]).map((r) => r.title));
    onB.close();
    const lost = acknowledged.filter((t) => !titles.has(t));
    expect(lost).toEqual([]);
    expect(titles.size).toBe(acknowledged.length);
    const onA = new HostRegistry(join(a.data, 'host.db'));
    expect(onA.find(address)?.state).toBe('moved');
    onA.close();
  });
});
