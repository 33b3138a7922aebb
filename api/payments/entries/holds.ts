// Holding a race place while its fee is unpaid: an entry with a fee stands for the club's
// `entryHoldHours` (the payments document) from when it was made; unpaid by then, it is let go: the
// entry removed, the member told once (messaging/notify.ts), and the release kept so the race's page
// says so until they enter again; a member still at Stripe's checkout keeps it until that is settled. The reminder pass lets go what is due every minute, and every read of
// an entry or of a fee owed does the same first, so a missed pass never leaves a stale hold. A paid
// entry and a free one are never let go.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database_, Db } from '../../../db/client';
import { dataVersion } from '../../../db/queries/statements';
import { raceEntryReleases, raceSignups, races, users } from '../../../db/schema';
import { entryHoldEnds, entryLetGo } from '../../../domain/payments/payments';
import { clubName } from '../../club/identity/identity';
import { documentBody } from '../../club/documents';
import { clubDates } from '../../club/settings';
import { noticeEmail } from '../../messaging/mail-templates';
import { tellMember } from '../../messaging/notify';
import type { AppDeps, CurrentUser } from '../../platform/context';
import { mayHandle } from '../access';

/** A paid payment of `kind` for the row's race or event by the row's member. */
export const paidFor = (kind: 'race' | 'event', itemId: SQL, userId: SQL): SQL =>
  sql`exists (select 1 from payments p where p.kind = ${kind} and p.${sql.raw(kind === 'race' ? 'race_id' : 'post_id')} = ${itemId} and p.user_id = ${userId} and p.status = 'paid')`;

/** A race entry with a fee not yet paid. */
export interface UnpaidEntry {
  raceId: number;
  userId: number;
  enteredAt: number;
  feeCents: number;
}

/** The race entries with a fee and no paid payment: of every race or of one, of every member or of one. */
export function unpaidEntries(db: Db, scope: { raceId?: number; userId?: number } = {}): UnpaidEntry[] {
  return db
    .select({ raceId: raceSignups.raceId, userId: raceSignups.userId, enteredAt: raceSignups.signupTime, feeCents: races.feeCents })
    .from(raceSignups)
    .innerJoin(races, eq(races.id, raceSignups.raceId))
    .where(
      and(
        sql`${races.feeCents} > 0`,
        scope.raceId === undefined ? undefined : eq(raceSignups.raceId, scope.raceId),
        scope.userId === undefined ? undefined : eq(raceSignups.userId, scope.userId),
        sql`not ${paidFor('race', sql`${raceSignups.raceId}`, sql`${raceSignups.userId}`)}`,
      ),
    )
    .all();
}

/** When the next hold ends, as of a version of the data (null: no entry is held), so most reads ask nothing. */
const nextHoldEnd = new WeakMap<Database_, { version: string; at: number | null }>();

/** Lets go every entry whose hold is over; answers how many were. */
export function letGoUnpaidEntries(deps: AppDeps): number {
  const { database } = deps;
  const now = deps.clock();
  const known = nextHoldEnd.get(database);
  if (known?.version === dataVersion(database) && (known.at === null || now < known.at)) return 0;
  const settings = documentBody(deps, 'payments');
  const unpaid = unpaidEntries(database.db);
  const over = unpaid.filter((e) => entryLetGo({ ...e, paid: false }, now, settings));
  // A member still at Stripe's checkout keeps the place until the checkout is settled (paid, or
  // expired: a write, so the next read looks again).
  const due = over.filter((e) => !checkoutOpen(database.db, e));
  let released = 0;
  if (due.length > 0) {
    database.tx(() => {
      for (const entry of due) if (letGo(deps, entry, now)) released += 1;
    });
  }
  const ends = unpaid.filter((e) => !over.includes(e)).map((e) => entryHoldEnds(e.enteredAt, settings));
  nextHoldEnd.set(database, { version: dataVersion(database), at: ends.length === 0 ? null : Math.min(...ends) });
  return released;
}

/** Whether the entrant has an online payment of the race's fee still pending at Stripe. */
function checkoutOpen(db: Db, entry: UnpaidEntry): boolean {
  return db.get<{ open: number }>(
    sql`select exists (select 1 from payments p where p.kind = 'race' and p.race_id = ${entry.raceId} and p.user_id = ${entry.userId} and p.method = 'online' and p.status = 'pending') as open`,
  )!.open === 1;
}

function letGo(deps: AppDeps, entry: UnpaidEntry, now: number): boolean {
  const { db } = deps.database;
  // Only the entry as it was read: paid since, or made again since, it stays.
  const still = unpaidEntries(db, { raceId: entry.raceId, userId: entry.userId }).some((e) => e.enteredAt === entry.enteredAt);
  if (!still) return false;
  const gone = db
    .delete(raceSignups)
    .where(and(eq(raceSignups.raceId, entry.raceId), eq(raceSignups.userId, entry.userId), eq(raceSignups.signupTime, entry.enteredAt)))
    .run().changes;
  if (gone !== 1) return false;
  db.insert(raceEntryReleases)
    .values({ raceId: entry.raceId, userId: entry.userId, releasedAt: now })
    .onConflictDoUpdate({ target: [raceEntryReleases.raceId, raceEntryReleases.userId], set: { releasedAt: now } })
    .run();
  const member = db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, entry.userId)).get();
  const race = db.select().from(races).where(eq(races.id, entry.raceId)).get();
  if (!member || !race) return true;
  const settings = documentBody(deps, 'payments');
  const fee = clubDates(deps).money(race.feeCents, race.feeCurrency || settings.currency);
  const notice = {
    title: `Your entry in ${race.name} was let go`,
    body: `Its entry fee of ${fee} was not paid within ${settings.entryHoldHours} hours of entering, so your place was given up. Enter again on the race's page to hold a place and pay.`,
    url: `/races/${race.id}`,
  };
  tellMember(deps, member, {
    kind: 'reminders',
    notice,
    email: () => noticeEmail(clubName(deps), member.email, member.name, notice, deps.env.APP_URL),
    // One entry is let go once, however many passes and reads find it.
    dedupeKey: `race-entry-let-go:${entry.raceId}:${entry.userId}:${entry.enteredAt}`,
  });
  return true;
}

/** Entering again: the race's page no longer says the member's entry was let go. */
export function forgetRelease(db: Db, raceId: number, userId: number): void {
  db.delete(raceEntryReleases)
    .where(and(eq(raceEntryReleases.raceId, raceId), eq(raceEntryReleases.userId, userId)))
    .run();
}

/** Per race, the members whose entry was let go and who have not entered again: every race, or one. */
export function releasesOf(db: Db, scope: 'all' | number): Map<number, Set<number>> {
  const byRace = new Map<number, Set<number>>();
  const rows = db
    .select({ raceId: raceEntryReleases.raceId, userId: raceEntryReleases.userId })
    .from(raceEntryReleases)
    .where(scope === 'all' ? undefined : eq(raceEntryReleases.raceId, scope))
    .all();
  for (const { raceId, userId } of rows) byRace.set(raceId, (byRace.get(raceId) ?? new Set<number>()).add(userId));
  return byRace;
}

/** What a member's race answers show of fees: the club's hold, and whether they see every unpaid entry. */
export function feeViewOf(deps: AppDeps, user: CurrentUser): { holdHours: number; handlesPayments: boolean } {
  return { holdHours: documentBody(deps, 'payments').entryHoldHours, handlesPayments: mayHandle(deps, user) };
}
