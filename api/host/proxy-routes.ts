// Past one machine: a routing proxy (Debian's nginx) in front of several app machines, each serving its
// own set of clubs. Each machine answers its part of the proxy's table, one line per club it serves
// (`npm run clubs -- proxy-routes <this machine's address:port>`); the proxy includes every machine's
// part (deploy/nginx-clubs.conf, deploy/README.md). Moving a club is a line leaving one part for another.
import type { ClubEntry } from './registry';

/** nginx `map` lines: the club's address (the Host header as the browser sends it) to the machine that serves it. */
export function proxyRoutes(entries: readonly ClubEntry[], backend: string): string {
  if (!/^[a-z0-9.[\]:-]+:\d{1,5}$/i.test(backend)) throw new Error(`${backend} is not a machine's host:port`);
  // A suspended club stays routed: its pages say it is suspended, from the machine that holds it.
  return entries.map((e) => `${e.address} ${backend};\n`).join('');
}
