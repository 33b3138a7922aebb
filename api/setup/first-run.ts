// The first run of an empty club: with no ADMIN_EMAIL and no demo, the database starts without any
// account, and the first person to open the app names the club and becomes its administrator. The
// check that nobody exists yet and the writes are one transaction, so of two setups sent at once one
// makes the administrator and the other is refused; after that the setup does not exist (404). The
// club's pages start from plain words for any club (domain/documents/starter-pages.ts), its workout
// types from the sports it does (domain/sports.ts), its terms from the day it is set up
// (domain/calendar.ts) and its schedule with no sessions (domain/schedule.ts): nothing of the demo club's.
import { firstRunIdentity } from '../../domain/documents/club-identity';
import { starterDocuments } from '../../domain/documents/starter-pages';
import { count } from 'drizzle-orm';
import { hashPassword } from '../../db/passwords';
import { users } from '../../db/schema';
import { clubToday } from '../../domain/clock';
import type { AuthAnswer } from '../../domain/contract/members/auth';
import type { SetupInput } from '../../domain/contract/members/setup';
import { sessionAnswer } from '../accounts/auth';
import { checkBody, publishDocument, readDocument } from '../club/documents';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { normaliseEmail } from '../platform/users';
import { clubTimeZone } from '../platform/club-time-zone';
import { sha256 } from '../platform/tokens';
import { NOT_FOUND_ERROR } from '../../domain/contract/common';

// Once a club has an account it always has one (the last administrator cannot be deleted): a closed
// setup is remembered per database, so a page request does not count the accounts again.
const closed = new WeakSet<AppDeps['database']>();

/**
 * Whether the club still has no account (the setup page is open). Only a club started without a first
 * administrator (ADMIN_EMAIL) and without the demo (SEED_DEMO=0) has one: either seeds the accounts.
 */
export function setupOpen(deps: AppDeps): boolean {
  if (deps.env.ADMIN_EMAIL || deps.env.SEED_DEMO || closed.has(deps.database)) return false;
  const open = deps.database.db.select({ n: count() }).from(users).get()!.n === 0;
  if (!open) closed.add(deps.database);
  return open;
}

/**
 * The setup is open, and, for a club a host created (multi-club mode), asked with the one-time key of
 * the link its first administrator was sent: without it the page does not exist, so nobody who merely
 * guesses a new club's address can take it.
 */
export function requireSetupOpen(deps: AppDeps, key?: string | null): void {
  if (!setupOpen(deps)) throw new ServiceError(404, NOT_FOUND_ERROR);
  const wanted = deps.hosted?.setupKeyHash;
  if (wanted && (!key || sha256(key) !== wanted)) throw new ServiceError(404, NOT_FOUND_ERROR);
}

/** Makes the first administrator and names the club; signs the administrator in. */
export async function runSetup(deps: AppDeps, input: SetupInput): Promise<AuthAnswer> {
  requireSetupOpen(deps, input.key);
  const body = checkBody('club', { ...readDocument(deps, 'club').body, ...firstRunIdentity(input.clubName) });
  const passwordHash = await hashPassword(input.password, deps.env.PASSWORD_HASH_LOG_N, deps.hosted?.address);
  const now = deps.clock();
  const today = clubToday(now, clubTimeZone(deps));
  const id = deps.database.tx(() => {
    const { db } = deps.database;
    // Checked again inside the transaction: another setup may have finished while this one hashed.
    if (db.select({ n: count() }).from(users).get()!.n > 0) throw new ServiceError(404, NOT_FOUND_ERROR);
    const admin = db
      .insert(users)
      .values({ email: normaliseEmail(input.email), passwordHash, name: input.name, role: 'administrator', joinDate: today })
      .returning({ id: users.id })
      .get();
    // The club's name is its document's first version, published by its first administrator.
    const actor = { id: admin.id, role: 'administrator' as const };
    publishDocument(deps, actor, 'club', { body, version: readDocument(deps, 'club').version, note: 'First run' });
    // And its pages, terms, schedule and sports start as any club's, not the demo club's, as the
    // administrator's versions. A version already there can only be its host's, made as it created the
    // club under the name it was told (nobody has an account yet, and only an account publishes): it
    // is worded again under the name given here. An app that sent no sports (one installed before the
    // form asked) leaves the default workout types.
    const starters = starterDocuments(input.clubName, today, input.sports);
    for (const key of Object.keys(starters) as (keyof typeof starters)[]) {
      publishDocument(deps, actor, key, { body: starters[key], version: readDocument(deps, key).version, note: 'First run' });
    }
    return admin.id;
  });
  return sessionAnswer(deps, id);
}
