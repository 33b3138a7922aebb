import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { makeTestApp } from './testing/test-app';

// The contract's table of endpoints (domain/contract/endpoints.ts) is written by hand: held here
// against the routes the app really mounts, both ways, so a route the table forgets (or an entry
// whose route is gone) fails a test instead of a device at run time.

const TABLE = join(import.meta.dirname, '../domain/contract/endpoints.ts');

/** The mounted API routes the table leaves out on purpose, each with why. */
const NOT_IN_TABLE: Record<string, string> = {
  'GET /api/health': 'the operators’ probe (an uptime monitor, a load balancer): no screen calls it',
  'GET /api/calendar/club.ics': 'a calendar feed, subscribed to by a calendar app at its address, never called by the app',
  'GET /api/calendar/:file': 'a member’s calendar feed, at the secret address GET /me/calendar-link gives, read by a calendar app',
};

/** Every "METHOD /path" key of the Endpoints interface, read from the source. */
function tableKeys(): string[] {
  const source = ts.createSourceFile(TABLE, readFileSync(TABLE, 'utf8'), ts.ScriptTarget.Latest);
  const table = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Endpoints');
  if (!table) throw new Error('no Endpoints interface in domain/contract/endpoints.ts');
  return table.members.flatMap((m) => (m.name && ts.isStringLiteral(m.name) ? [m.name.text] : []));
}

/** A table key as the app mounts it: under /api, without the query a key may name (`?type=workout`). */
const mounted = (key: string) => {
  const [method, path] = key.split(' ') as [string, string];
  return `${method} /api${path.split('?')[0]}`;
};

function appRoutes(): string[] {
  const { app } = makeTestApp();
  // Middleware (app.use, the /api/* catch-all) is mounted for ALL methods; the answers are the rest.
  return [...new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))];
}

describe('the endpoints table', () => {
  const keys = tableKeys();
  const routes = appRoutes();

  it('is read whole from the contract', () => {
    expect(keys.length).toBeGreaterThan(100);
    expect(keys).toContain('GET /forum/posts?type=workout');
  });

  it('names every API route the app mounts, but for those left out with a reason', () => {
    // Outside /api the server's start mounts the pages, the built app's files and /uploads/
    // (api/pages/static.ts): files and HTML, not calls of the API. createApp alone mounts none.
    expect(routes.filter((r) => !r.startsWith(`${r.split(' ')[0]} /api/`))).toEqual([]);
    const named = new Set(keys.map(mounted));
    const missing = routes.filter((r) => !named.has(r) && !(r in NOT_IN_TABLE));
    expect(missing).toEqual([]);
  });

  it('names only routes the app mounts', () => {
    const there = new Set(routes);
    expect(keys.filter((k) => !there.has(mounted(k)))).toEqual([]);
    // An exception is a route that exists, and is not in the table after all.
    for (const route of Object.keys(NOT_IN_TABLE)) {
      expect(there.has(route), route).toBe(true);
      expect(keys.map(mounted), route).not.toContain(route);
    }
  });
});
