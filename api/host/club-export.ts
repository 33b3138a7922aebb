// A club's whole data as one file, the one a club takes with it or a host moves to another machine: a
// ZIP of its database (an online copy, checked with integrity_check, safe while the club is served),
// its uploaded files, and a note of its address and name. The import puts such a file in place as a
// club of this host, checked again before it is listed. Both go a piece at a time, never the whole
// file in memory: a club's photos may run to gigabytes.
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { strToU8, Unzip, UnzipInflate, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { checkIntegrity } from '../../db/backup';
import { copyDatabaseInPool } from '../../db/threads/disk-pool';
import { clubAddress } from './addresses';
import type { Env } from '../platform/settings/env';
import { hostDataDir, newClubPaths, sessionsSignedWithHostSecret } from './club-env';
import type { Host } from './host';
import type { ClubEntry } from './registry';

const DATABASE_NAME = 'club.db';
const UPLOADS_NAME = 'uploads';
const NOTE_NAME = 'club.json';

interface ExportNote {
  address: string;
  name: string;
  exportedAt: string;
  /**
   * 'host': its sessions are signed with the host's JWT_SECRET itself (the adopted club), which every
   * machine of the host has; absent: with the secret derived from it. The file never holds a secret:
   * whoever holds an export could otherwise sign in as any member, and the host's secret would open
   * every club of the host.
   */
  sessions?: 'host';
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? filesUnder(join(dir, d.name)) : d.isFile() ? [join(dir, d.name)] : [],
  );
}

/** How much of a file is read at a time: the export holds one piece at once, whatever the club's size. */
const PIECE_BYTES = 1 << 20;

/**
 * A ZIP written to `path` as its entries are read, piece by piece: the database and every upload pass
 * through a megabyte at a time and go to the disk before the next is read, so a club with gigabytes
 * of photos is exported in the memory of a small one, and the server answers its other clubs meanwhile.
 */
async function zipWriter(path: string) {
  const out = await open(path, 'w');
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  let bytes = 0;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else ready.push(chunk);
  });
  const flush = async () => {
    while (ready.length > 0) {
      const chunk = ready.shift()!;
      await out.write(chunk);
      bytes += chunk.length;
    }
    if (failure) throw failure;
  };
  return {
    /** Adds the file at `from` as `name`: deflated, or stored as it is (pictures are compressed already). */
    async addFile(name: string, from: string, deflate: boolean): Promise<void> {
      const entry = deflate ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
      zip.add(entry);
      const input = await open(from, 'r');
      try {
        for (;;) {
          const piece = new Uint8Array(PIECE_BYTES);
          const { bytesRead } = await input.read(piece, 0, PIECE_BYTES, null);
          if (bytesRead === 0) break;
          entry.push(piece.subarray(0, bytesRead));
          await flush();
        }
      } finally {
        await input.close();
      }
      entry.push(new Uint8Array(0), true);
      await flush();
    },
    async addText(name: string, text: string): Promise<void> {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(strToU8(text), true);
      await flush();
    },
    /** Ends the ZIP and closes the file; answers its size. */
    async close(): Promise<number> {
      zip.end();
      await flush();
      await out.close();
      return bytes;
    },
    abort: () => out.close().catch(() => undefined),
  };
}

/** Writes the club's export to `file`; answers its size and what it holds. */
export async function exportClub(env: Env, entry: ClubEntry, file: string, now: number): Promise<{ bytes: number; uploads: number }> {
  const scratch = mkdtempSync(join(tmpdir(), 'club-export-'));
  mkdirSync(dirname(file), { recursive: true });
  // Under a temporary name until whole: a file with the final name is always a complete export.
  const partial = `${file}.partial`;
  const zip = await zipWriter(partial);
  try {
    const copy = join(scratch, DATABASE_NAME);
    await copyDatabaseInPool(entry.databasePath, copy);
    const uploads = filesUnder(entry.uploadsDir);
    const note: ExportNote = {
      address: entry.address,
      name: entry.name,
      exportedAt: new Date(now).toISOString(),
      ...(sessionsSignedWithHostSecret(env, entry) && { sessions: 'host' as const }),
    };
    await zip.addText(NOTE_NAME, JSON.stringify(note, null, 2));
    await zip.addFile(DATABASE_NAME, copy, true);
    for (const path of uploads) await zip.addFile(`${UPLOADS_NAME}/${relative(entry.uploadsDir, path).split('\\').join('/')}`, path, false);
    const bytes = await zip.close();
    renameSync(partial, file);
    return { bytes, uploads: uploads.length };
  } catch (err) {
    await zip.abort();
    rmSync(partial, { force: true });
    throw err;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export class ImportRefused extends Error {}

/**
 * Unpacks an export into `dir` a piece at a time (each file written as it is inflated, never the whole
 * export in memory): the note, the database and the uploads, by name. Names that climb out of `dir`
 * are skipped; a file that is not a ZIP is refused.
 */
function unpack(file: string, dir: string): void {
  const failures: string[] = [];
  const unzip = new Unzip((entry) => {
    if (entry.name.endsWith('/')) return;
    const path = join(dir, entry.name);
    // A name that climbs out of the folder is no part of an export of ours.
    if (relative(dir, path).startsWith('..')) return;
    mkdirSync(dirname(path), { recursive: true });
    const out = openSync(path, 'w');
    entry.ondata = (err, data, final) => {
      if (err) failures.push(err.message);
      else writeSync(out, data);
      if (final || err) closeSync(out);
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  const input = openSync(file, 'r');
  try {
    const piece = new Uint8Array(PIECE_BYTES);
    for (;;) {
      const read = readSync(input, piece, 0, PIECE_BYTES, null);
      unzip.push(piece.slice(0, read), read === 0);
      if (read === 0) break;
    }
  } finally {
    closeSync(input);
  }
  if (failures.length > 0) throw new Error(failures[0]);
}

/**
 * Puts an export in place as a club of this host, at its own address or `address`: refused when a
 * club has that address here already, or the file holds no sound database.
 */
export function importClub(host: Host, file: string, now: number, address?: string): ClubEntry {
  // Unpacked beside the clubs' folders (one disk: the database and uploads are then renamed into place).
  const clubsDir = join(hostDataDir(host.env), 'clubs');
  mkdirSync(clubsDir, { recursive: true });
  const scratch = mkdtempSync(join(clubsDir, '.import-'));
  try {
    try {
      unpack(file, scratch);
    } catch (err) {
      throw new ImportRefused(`${file} is not a club's export (${err instanceof Error ? err.message : String(err)})`);
    }
    const notePath = join(scratch, NOTE_NAME);
    const database = join(scratch, DATABASE_NAME);
    if (!existsSync(notePath) || !existsSync(database)) throw new ImportRefused(`${file} is not a club's export (no ${NOTE_NAME} and ${DATABASE_NAME})`);
    const note = JSON.parse(readFileSync(notePath, 'utf8')) as ExportNote;
    const target = clubAddress(address ?? note.address);
    if (!target) throw new ImportRefused(`${address ?? note.address} is not an address`);
    if (host.registry.find(target)) throw new ImportRefused(`${target} is already a club's address here`);
    const paths = newClubPaths(host.env, target);
    if (existsSync(paths.databasePath)) throw new ImportRefused(`${paths.databasePath} exists already: move it away first`);
    try {
      checkIntegrity(database);
    } catch (err) {
      throw new ImportRefused(err instanceof Error ? err.message : String(err));
    }
    mkdirSync(dirname(paths.databasePath), { recursive: true });
    const uploads = join(scratch, UPLOADS_NAME);
    if (existsSync(uploads) && !existsSync(paths.uploadsDir)) renameSync(uploads, paths.uploadsDir);
    renameSync(database, paths.databasePath);
    host.registry.add({
      address: target,
      name: note.name,
      state: 'active',
      ...paths,
      adopted: false,
      // Only at its own address: a session names the address it was signed for.
      hostSecretSessions: note.sessions === 'host' && target === note.address,
      setupKeyHash: null,
      adminEmail: null,
      createdAt: now,
    });
    return host.registry.find(target)!;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
