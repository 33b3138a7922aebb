// The host's own list of clubs, in a small SQLite file of its own (host.db in the data folder), apart
// from every club's database: which address is which club, where its files are, whether it is
// suspended, and when it was last used. The CLI writes it while the server runs: the server reads it
// on each request (one indexed row), so a club created or suspended there is served so at once.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ClubState } from '../../domain/contract/host';

export interface ClubEntry {
  address: string;
  name: string;
  state: ClubState;
  databasePath: string;
  uploadsDir: string;
  /** The single club of before, adopted as the first one: its tokens and secrets are the ones it had. */
  adopted: boolean;
  /**
   * Its sessions are signed with the host's JWT_SECRET itself, as the adopted club's are on a host that
   * sets it: the adopted club moved to another machine of the same host keeps its members signed in.
   */
  hostSecretSessions: boolean;
  /** sha256 of the key in the first-run setup link, until someone has set the club up. */
  setupKeyHash: string | null;
  adminEmail: string | null;
  createdAt: number;
  lastActivityAt: number | null;
  /** Why the club's database could not be opened or migrated the last time it was tried, or null. */
  problem: string | null;
  /** The club's own Stripe account (its secret key and its webhook's signing secret), or null: online payment off. */
  stripe: ClubStripe | null;
}

export interface ClubStripe {
  secretKey: string;
  webhookSecret: string;
}

interface Row {
  address: string;
  name: string;
  state: ClubState;
  database_path: string;
  uploads_dir: string;
  adopted: number;
  host_secret_sessions: number;
  setup_key_hash: string | null;
  admin_email: string | null;
  created_at: number;
  last_activity_at: number | null;
  problem: string | null;
  stripe_secret_key: string | null;
  stripe_webhook_secret: string | null;
}

const toEntry = (r: Row): ClubEntry => ({
  address: r.address,
  name: r.name,
  state: r.state,
  databasePath: r.database_path,
  uploadsDir: r.uploads_dir,
  adopted: r.adopted === 1,
  hostSecretSessions: r.host_secret_sessions === 1,
  setupKeyHash: r.setup_key_hash,
  adminEmail: r.admin_email,
  createdAt: r.created_at,
  lastActivityAt: r.last_activity_at,
  problem: r.problem,
  stripe: r.stripe_secret_key && r.stripe_webhook_secret ? { secretKey: r.stripe_secret_key, webhookSecret: r.stripe_webhook_secret } : null,
});

export class AddressTaken extends Error {}

export class HostRegistry {
  private readonly sqlite: Database.Database;

  constructor(path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.sqlite = new Database(path);
    this.sqlite.pragma('journal_mode = WAL');
    this.sqlite.pragma('busy_timeout = 5000');
    this.sqlite.exec(`create table if not exists clubs (
      address text primary key,
      name text not null,
      state text not null check (state in ('active', 'suspended', 'moved')),
      database_path text not null,
      uploads_dir text not null,
      adopted integer not null default 0,
      setup_key_hash text,
      admin_email text,
      created_at integer not null,
      last_activity_at integer,
      problem text
    )`);
    // A list made before moved clubs could keep the host's secret gains the column, false for every club.
    const columns = (this.sqlite.prepare('pragma table_info(clubs)').all() as { name: string }[]).map((c) => c.name);
    if (!columns.includes('host_secret_sessions')) this.sqlite.exec('alter table clubs add column host_secret_sessions integer not null default 0');
    // And before each club could connect a Stripe account of its own: none has one.
    if (!columns.includes('stripe_secret_key')) this.sqlite.exec('alter table clubs add column stripe_secret_key text; alter table clubs add column stripe_webhook_secret text');
  }

  list(): ClubEntry[] {
    return (this.sqlite.prepare('select * from clubs order by address').all() as Row[]).map(toEntry);
  }

  find(address: string): ClubEntry | undefined {
    const row = this.sqlite.prepare('select * from clubs where address = ?').get(address) as Row | undefined;
    return row && toEntry(row);
  }

  count(): number {
    return (this.sqlite.prepare('select count(*) as n from clubs').get() as { n: number }).n;
  }

  add(entry: Omit<ClubEntry, 'lastActivityAt' | 'problem' | 'hostSecretSessions' | 'stripe'> & { hostSecretSessions?: boolean }): void {
    if (this.find(entry.address)) throw new AddressTaken(`${entry.address} is already a club's address`);
    this.sqlite
      .prepare(
        `insert into clubs (address, name, state, database_path, uploads_dir, adopted, host_secret_sessions, setup_key_hash, admin_email, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        entry.address,
        entry.name,
        entry.state,
        entry.databasePath,
        entry.uploadsDir,
        entry.adopted ? 1 : 0,
        entry.hostSecretSessions ? 1 : 0,
        entry.setupKeyHash,
        entry.adminEmail,
        entry.createdAt,
      );
  }

  setState(address: string, state: ClubState): boolean {
    return this.sqlite.prepare('update clubs set state = ? where address = ?').run(state, address).changes === 1;
  }

  /** Connects the club's own Stripe account, or disconnects it (null). */
  setStripe(address: string, stripe: ClubStripe | null): boolean {
    return (
      this.sqlite.prepare('update clubs set stripe_secret_key = ?, stripe_webhook_secret = ? where address = ?').run(stripe?.secretKey ?? null, stripe?.webhookSecret ?? null, address)
        .changes === 1
    );
  }

  setProblem(address: string, problem: string | null): void {
    this.sqlite.prepare('update clubs set problem = ? where address = ?').run(problem, address);
  }

  touch(address: string, at: number): void {
    this.sqlite.prepare('update clubs set last_activity_at = max(coalesce(last_activity_at, 0), ?) where address = ?').run(at, address);
  }

  close(): void {
    this.sqlite.close();
  }
}
