// Races: adding, changing and removing one, and the race as its answer gives it: the race's own fields,
// and for a member its entries (entries.ts), lifts (lifts.ts) and results (results.ts), each kind read
// with one query for every race the answer holds. The list reads them once per change of the data and
// every request reuses them, adding only what is the caller's own (docs/decisions/0126).
import { asc, eq, sql } from 'drizzle-orm';
import type { Database_, Db } from '../../db/client';
import { races, type RaceRow } from '../../db/schema';
import { dataVersion, preparedQuery } from '../../db/queries/statements';
import { RACE_NOT_FOUND_ERROR, type Race, type RaceDetailAnswer, type RaceInput } from '../../domain/contract/training/races';
import { hasRole, type Role } from '../../domain/contract/roles';
import { DEFAULT_RACE_LEGS } from '../../domain/races/race-results';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { entriesOf, type RaceEntries } from './entries';
import { liftSeenBy, liftsOf, type RaceLifts } from './lifts';
import { distancesOf, legsOf, raceRow, type Member, type RaceScope } from './race-rows';
import { resultsOf } from './results';
import { removeDutiesOf } from '../../db/queries/duty-places';
import { DEFAULT_CURRENCY, type Currency } from '../../domain/payments/money';
import { defaultPaymentSettings, entryHoldEnds, feeColumns } from '../../domain/payments/payments';
import { releasesOf } from '../payments/entries/holds';

/** What the race functions need: the database (the callers give the time). */
type RaceDeps = Pick<AppDeps, 'database'>;

/** Who is asking: null for a visitor without a token. */
export type RaceViewer = { id: number; role: Role } | null;

/**
 * What a member's answer shows of entry fees: the club's hold (hours) for the caller's own unpaid
 * entry, and whether the caller handles payments (and so sees every unpaid entry marked).
 */
export interface FeeView {
  holdHours: number;
  handlesPayments: boolean;
}

const FEE_VIEW_DEFAULT: FeeView = { holdHours: defaultPaymentSettings().entryHoldHours, handlesPayments: false };

function isMember(viewer: RaceViewer): viewer is Member {
  return viewer !== null && hasRole(viewer.role, 'member');
}

/** A race's row with its distances and legs read from their JSON. */
interface StoredRace {
  row: RaceRow;
  distances: string[];
  legs: string[];
}

/** What the answers of some races are made of for members, each kind read once for them all: the same for every member. */
interface RaceReads {
  entries: Map<number, RaceEntries>;
  lifts: Map<number, RaceLifts>;
  results: Map<number, Race['results']>;
  /** Per race, the members whose entry was let go, its fee unpaid. */
  released: Map<number, Set<number>>;
}

const NO_ENTRIES: RaceEntries = { signups: [], entries: [], unpaid: new Map() };
const NO_LIFTS: RaceLifts = { lifts: [], liftSeekers: [] };

const stored = (row: RaceRow): StoredRace => ({ row, distances: distancesOf(row), legs: legsOf(row) });

function readsOf(db: Db, scope: RaceScope, list: readonly StoredRace[]): RaceReads {
  const legs = new Map(list.map((r) => [r.row.id, r.legs]));
  return { entries: entriesOf(db, scope), lifts: liftsOf(db, scope), results: resultsOf(db, scope, legs), released: releasesOf(db, scope) };
}

/** The one mapper from a race (and, for a member, what was read of its weekend) to the contract's `Race` as `viewer` sees it. */
function toRace({ row, distances, legs }: StoredRace, viewer: RaceViewer, reads: RaceReads | null, view: FeeView = FEE_VIEW_DEFAULT): Race {
  // A free race's answer is as it always was; a fee comes with its currency.
  const fee = row.feeCents > 0 ? { feeCents: row.feeCents, feeCurrency: row.feeCurrency } : {};
  const base = { id: row.id, name: row.name, date: row.date, location: row.location, description: row.description, distances, legs, ...fee };
  // Members' names stay private: visitors and non-members see the race only.
  if (!isMember(viewer) || reads === null) {
    return { ...base, signups: [], signupCount: 0, isSignedUp: false, entries: [], lifts: [], liftSeekers: [], results: [], entry: null, lookingForLift: false };
  }
  const { signups, entries: all, unpaid } = reads.entries.get(row.id) ?? NO_ENTRIES;
  const { lifts, liftSeekers } = reads.lifts.get(row.id) ?? NO_LIFTS;
  const ownEntered = unpaid.get(viewer.id);
  // An unpaid entry is marked for its member and for whoever handles the money; nobody else sees who owes.
  const entries = unpaid.size === 0 ? all : all.map((e) => (unpaid.has(e.user_id) && (view.handlesPayments || e.user_id === viewer.id) ? { ...e, paymentPending: true } : e));
  const isSignedUp = signups.some((s) => s.user_id === viewer.id);
  const letGo = !isSignedUp && (reads.released.get(row.id)?.has(viewer.id) ?? false);
  return {
    ...base,
    signups,
    signupCount: signups.length,
    isSignedUp,
    entries,
    lifts: lifts.map((lift) => liftSeenBy(lift, viewer.id)),
    liftSeekers,
    results: reads.results.get(row.id) ?? [],
    entry: entries.find((e) => e.user_id === viewer.id) ?? null,
    lookingForLift: liftSeekers.some((s) => s.user_id === viewer.id),
    ...(ownEntered === undefined ? {} : { entryHeldUntil: entryHoldEnds(ownEntered, { entryHoldHours: view.holdHours }) }),
    ...(letGo ? { entryLetGo: true } : {}),
  };
}

/** One race as `viewer` sees it, read now. */
function raceFor(db: Db, row: RaceRow, viewer: RaceViewer, view?: FeeView): Race {
  const race = stored(row);
  return toRace(race, viewer, isMember(viewer) ? readsOf(db, row.id, [race]) : null, view);
}

/** Every race, and what members see of them, as of one version of the data. */
interface RaceList {
  version: string;
  races: StoredRace[];
  /** Read on the first member's request of this version (a visitor's needs none). */
  reads: RaceReads | null;
}

// Per connection, so each test database has its own list.
const lists = new WeakMap<Database_, RaceList>();
const everyRace = (db: Db) => db.select().from(races).orderBy(asc(races.date), asc(races.id)).prepare();

/** The races list as of the data now: read again after any change, else the one read before. */
function currentList(database: Database_, member: boolean): RaceList {
  const version = dataVersion(database);
  let list = lists.get(database);
  if (list?.version !== version) {
    list = { version, races: preparedQuery(database.db, everyRace).all().map(stored), reads: null };
    lists.set(database, list);
  }
  if (member) list.reads ??= readsOf(database.db, 'all', list.races);
  return list;
}

/** Every race by date (then by creation); signups only for members. */
export function listRaces(deps: RaceDeps, viewer: RaceViewer, view?: FeeView): Race[] {
  const list = currentList(deps.database, isMember(viewer));
  return list.races.map((race) => toRace(race, viewer, list.reads, view));
}

/** GET /races/{id} for a member. */
export function getRaceDetail(deps: RaceDeps, raceId: number, viewer: Member, view?: FeeView): RaceDetailAnswer {
  const { db } = deps.database;
  const race = raceFor(db, raceRow(db, raceId), viewer, view);
  return { race, signups: race.signups, isSignedUp: race.isSignedUp };
}

/** Adds a race; its fee, if any, in `currency` (the club's). */
export function createRace(deps: RaceDeps, input: RaceInput, creator: Member, now: number, currency: Currency = DEFAULT_CURRENCY): Race {
  const row = deps.database.db
    .insert(races)
    .values({
      ...input,
      ...feeColumns(input.feeCents, currency),
      distances: JSON.stringify(input.distances ?? []),
      legs: JSON.stringify(input.legs ?? DEFAULT_RACE_LEGS),
      createdBy: creator.id,
      createdAt: now,
    })
    .returning()
    .get();
  // A new race has no entries, lifts or results yet.
  return toRace(stored(row), creator, { entries: new Map(), lifts: new Map(), results: new Map(), released: new Map() });
}

/** Changes a race; a fee set in it, in `currency` (the club's). */
export function updateRace(deps: RaceDeps, raceId: number, input: RaceInput, editor: Member, currency: Currency = DEFAULT_CURRENCY): Race {
  const { db } = deps.database;
  const row = db
    .update(races)
    .set({
      ...input,
      ...feeColumns(input.feeCents, currency),
      // An edit without distances or legs (an older app's) keeps them.
      distances: input.distances === undefined ? undefined : JSON.stringify(input.distances),
      legs: input.legs === undefined ? undefined : JSON.stringify(input.legs),
      revision: sql`${races.revision} + 1`,
    })
    .where(eq(races.id, raceId))
    .returning()
    .get();
  if (!row) throw new ServiceError(404, RACE_NOT_FOUND_ERROR);
  return raceFor(db, row, editor);
}

/** Deletes the race and (by cascade) its entries, lifts and results, and its duties. */
export function deleteRace(deps: RaceDeps, raceId: number): void {
  deps.database.tx(() => {
    const gone = deps.database.db.delete(races).where(eq(races.id, raceId)).returning({ id: races.id }).get();
    if (!gone) throw new ServiceError(404, RACE_NOT_FOUND_ERROR);
    removeDutiesOf(deps.database.db, 'race', raceId);
  });
}
