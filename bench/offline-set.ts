// What the offline set (GET /api/offline-set) costs per sign-in: the bytes a phone downloads, as the
// server sends them, and the server's CPU, as a ratio to a profile read measured in the same run.
// One set is read after each sign-in and at most every 5 minutes after (pwa/lib/data/offline-set.ts).
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { offlineSetLoad, profileRead, type LoadFigures, type LoadSettings } from './http-load';

export interface OfflineSetSize {
  role: 'member' | 'exec';
  /** The answer's body as sent (gzip, what a browser asks for gets). */
  wireBytes: number;
  encoding: string;
  /** The JSON before compression. */
  rawBytes: number;
  /** A revalidation with the set's ETag: status and bytes (headers included). */
  revalidatedStatus: number;
  revalidatedBytes: number;
  workouts: number;
  events: number;
  workoutDetails: number;
  eventDetails: number;
  attendance: number;
}

export interface OfflineSetFigures {
  sizes: OfflineSetSize[];
  /** The load rows of this measurement (also in the results' http rows). */
  profile: LoadFigures;
  member: LoadFigures;
  exec: LoadFigures;
  /** Server CPU per set ÷ per profile read, same run. */
  memberVsProfile: number | null;
  execVsProfile: number | null;
}

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** Status line and headers as received, in bytes (approximate: re-serialised). */
  headerBytes: number;
}

function get(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const headerBytes = Buffer.byteLength(`HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n${res.rawHeaders.map((h, i) => (i % 2 ? `${h}\r\n` : `${h}: `)).join('')}\r\n`);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), headerBytes });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** One sign-in's set for `token`: its size on the wire and raw, what it holds, and a 304 after. */
async function measureSize(base: string, role: OfflineSetSize['role'], token: string): Promise<OfflineSetSize> {
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
  const first = await get(`${base}/api/offline-set`, headers);
  if (first.status !== 200) throw new Error(`GET /api/offline-set as ${role}: ${first.status}`);
  const encoding = String(first.headers['content-encoding'] ?? 'identity');
  const raw = encoding === 'gzip' ? gunzipSync(first.body) : first.body;
  const set = JSON.parse(raw.toString('utf8')) as Record<string, { posts?: unknown[] } | unknown[]>;
  const again = await get(`${base}/api/offline-set`, { ...headers, 'if-none-match': String(first.headers.etag) });
  const length = (part: unknown) => (Array.isArray(part) ? part.length : ((part as { posts?: unknown[] }).posts?.length ?? 0));
  return {
    role,
    wireBytes: first.body.length,
    encoding,
    rawBytes: raw.length,
    revalidatedStatus: again.status,
    revalidatedBytes: again.headerBytes + again.body.length,
    workouts: length(set.workouts),
    events: length(set.events),
    workoutDetails: length(set.workoutDetails),
    eventDetails: length(set.eventDetails),
    attendance: length(set.attendance),
  };
}

/**
 * The set's size for a member and an exec, then the load rows (profile read, member's set, exec's
 * set) back to back, so the CPU ratios come from the same minutes of the same machine.
 */
export async function measureOfflineSet(settings: LoadSettings, memberTokens: string[], execTokens: string[]): Promise<OfflineSetFigures> {
  const sizes = [await measureSize(settings.base, 'member', memberTokens[0]!), await measureSize(settings.base, 'exec', execTokens[0]!)];
  await offlineSetLoad({ ...settings, seconds: 1 }, memberTokens, 'member'); // warm-up (not reported)
  const profile = await profileRead(settings, memberTokens);
  const member = await offlineSetLoad(settings, memberTokens, 'member');
  const exec = await offlineSetLoad(settings, execTokens, 'exec');
  const ratio = (row: LoadFigures) =>
    row.serverCpuMsPerRequest && profile.serverCpuMsPerRequest ? row.serverCpuMsPerRequest / profile.serverCpuMsPerRequest : null;
  return { sizes, profile, member, exec, memberVsProfile: ratio(member), execVsProfile: ratio(exec) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The table's lines for the offline set. */
export function renderOfflineSet(f: OfflineSetFigures | null | undefined): string[] {
  if (!f) return [];
  const lines = ['Offline set per sign-in (GET /api/offline-set)'];
  for (const s of f.sizes) {
    lines.push(
      `  ${s.role.padEnd(7)} ${kb(s.wireBytes)} on the wire (${s.encoding}), ${kb(s.rawBytes)} JSON · ${s.workouts} workouts and ${s.events} events listed, ` +
        `${s.workoutDetails} workout and ${s.eventDetails} event pages, ${s.attendance} attendance records · revalidated: ${s.revalidatedStatus}, ${s.revalidatedBytes} bytes`,
    );
  }
  const cpu = (row: LoadFigures) => (row.serverCpuMsPerRequest === null ? '-' : `${row.serverCpuMsPerRequest.toFixed(2)} ms`);
  const ratio = (r: number | null) => (r === null ? '-' : `${r.toFixed(1)} x`);
  lines.push(
    `  server CPU per set: member ${cpu(f.member)} (${ratio(f.memberVsProfile)} a profile read), exec ${cpu(f.exec)} (${ratio(f.execVsProfile)}); ` +
      `profile read ${cpu(f.profile)} · ${f.member.reqPerSec.toFixed(0)} / ${f.exec.reqPerSec.toFixed(0)} sets/s`,
  );
  return lines;
}
