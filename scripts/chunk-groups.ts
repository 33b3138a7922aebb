// The app's chunks by who loads them (vite.config.ts, docs/decisions/0138). Once the module graph is
// built, each module is known by the pages that load it first: the frame (every page), the screens
// of the pages a visitor lands on (api/pages/screens.ts), a signed-in start, the forum's screen. A
// chunk then holds the modules the same pages need, whatever folder they live in, so a page fetches
// few files and none with code it does not run. No rule names a file of the app, only the pages'
// roots, which the build checks (scripts/budgets.ts).
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { Plugin } from 'vite';
import { SCREEN_MODULES, SIGNED_IN_START, VISITOR_PAGES } from '../api/pages/screens';

/** Libraries with chunks of their own (vite.config.ts): React with the router, TanStack Query. */
const OWN_CHUNK_LIBRARIES = /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack)[\\/]/;

/**
 * A module of the frame's group (with the `$initial` tag: everything the entry imports statically):
 * the app's and the bundler's own helpers (vite's preloading), not a library. With the entry's own
 * module in it, the bundler merges the group into the entry chunk; a helper left out would stay in
 * the entry while the group became a chunk of its own, and the two would import each other.
 */
export function frameModule(id: string): boolean {
  return !/node_modules|^\0rolldown/.test(id);
}

export interface GraphGroups {
  plugin: Plugin;
  /**
   * The chunk of a module a visitor's screen loads, named by the visitor screens that load it and
   * whether a signed-in start or the forum's screen does too (the pages with budgets); null for any
   * other module (the frame's, members' only).
   */
  visitorChunk: (id: string) => string | null;
  /**
   * A module a signed-in start (statically from its roots) or the forum's screen loads and no
   * visitor's page does: one chunk, as most signed-in starts open the forum or a member's Home, which
   * shares most of the forum's parts.
   */
  signedIn: (id: string) => boolean;
}

export interface GraphRoots {
  /** The screens of the pages a visitor lands on (relative to pwa/). */
  visitorScreens: readonly string[];
  /** What a signed-in start loads, and the forum's screen. */
  signedIn: readonly string[];
  forum: string;
}

const APP_ROOTS: GraphRoots = {
  visitorScreens: VISITOR_PAGES.flatMap((path) => SCREEN_MODULES[path] ?? []),
  signedIn: SIGNED_IN_START,
  forum: 'features/forum/forum-page.tsx',
};

export function graphGroups(roots: GraphRoots = APP_ROOTS): GraphGroups {
  let root = '';
  const frame = new Set<string>();
  const visitorRoots = new Map<string, Set<string>>();
  const signedIn = new Set<string>();
  const forum = new Set<string>();
  const names = new Map<string, string>();

  const plugin: Plugin = {
    name: 'club-graph-groups',
    apply: 'build',
    configResolved(config) {
      root = config.root.endsWith('/') ? config.root : `${config.root}/`;
    },
    buildEnd() {
      const info = (id: string) => this.getModuleInfo(id);
      /** Every module `starts` load statically, `stop` excluded. */
      const closure = (starts: Iterable<string>, stop: ReadonlySet<string> = new Set()): Set<string> => {
        const seen = new Set<string>();
        const queue = [...starts];
        while (queue.length > 0) {
          const id = queue.shift()!;
          if (seen.has(id) || stop.has(id)) continue;
          seen.add(id);
          queue.push(...(info(id)?.importedIds ?? []));
        }
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const fill = (into: Set<string>, from: Set<string>) => {
        into.clear();
        for (const id of from) into.add(id);
      };
      fill(frame, closure(ids.filter((id) => info(id)?.isEntry)));
      const screens = new Set(roots.visitorScreens.map((m) => `${root}${m}`));
      visitorRoots.clear();
      for (const screen of screens) {
        for (const id of closure([screen], frame)) {
          if (!visitorRoots.has(id)) visitorRoots.set(id, new Set());
          visitorRoots.get(id)!.add(screen);
        }
      }
      fill(signedIn, closure(roots.signedIn.map((m) => `${root}${m}`), frame));
      fill(forum, closure([`${root}${roots.forum}`], frame));
      names.clear();
    },
  };

  const visitorChunk = (id: string): string | null => {
    const screens = visitorRoots.get(id);
    if (!screens || OWN_CHUNK_LIBRARIES.test(id)) return null;
    const alsoSignedIn = `${signedIn.has(id) ? '\nsigned-in start' : ''}${forum.has(id) ? '\nforum' : ''}`;
    const key = [...screens].sort().join('\n') + alsoSignedIn;
    let name = names.get(key);
    if (!name) {
      // One screen's own modules take its name (its chunk); anything shared a short name of its set.
      const single = screens.size === 1 && !alsoSignedIn ? basename([...screens][0]!).replace(/\.[tj]sx?$/, '') : null;
      name = single ?? `shared-${createHash('sha256').update(key).digest('hex').slice(0, 6)}`;
      names.set(key, name);
    }
    return name;
  };
  // The app's own modules (pwa/ and the domain/ it imports), not the libraries, not the bundler's.
  const app = (id: string) => id.startsWith('/') && !id.includes('node_modules') && !visitorRoots.has(id) && !frame.has(id);
  return {
    plugin,
    visitorChunk,
    signedIn: (id) => app(id) && (signedIn.has(id) || forum.has(id)),
  };
}
