import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database_ } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { raceSignups, races, users } from '../../db/schema';
import { raceInputSchema, type RaceInput } from '../../domain/contract/training/races';
import type { Role } from '../../domain/contract/roles';
import { ServiceError } from '../platform/errors';
import { recordStatements } from '../testing/statements-run';
import { setRaceSignup } from './entries';
import { createRace, deleteRace, getRaceDetail, listRaces, updateRace } from './races';

const NOW = Date.parse('2026-03-02T15:00:00Z');
let database: Database_;
/** The races' dependencies: the test's database. */
let deps: { database: Database_ };

function addUser(name: string, role: Role, picture: string | null = null) {
  const row = database.db
    .insert(users)
    .values({ email: `${name.toLowerCase().replace(/\s/g, '.')}@club.test`, passwordHash: 'x', name, role, profilePictureUrl: picture })
    .returning()
    .get();
  return { id: row.id, role };
}

function input(fields: Partial<RaceInput>): RaceInput {
  return { name: 'Race', date: '2026-06-01', location: '', description: '', ...fields };
}

function refusal(fn: () => unknown): { status: number; message: string } {
  try {
    fn();
  } catch (err) {
    if (err instanceof ServiceError) return { status: err.status, message: err.message };
    throw err;
  }
  throw new Error('expected a ServiceError');
}

beforeEach(() => {
  database = openDatabase(':memory:');
  runMigrations(database);
  deps = { database };
});

describe('raceInputSchema', () => {
  it.each([
    [{ date: '2026-06-01' }, 'Race name and date are required'],
    [{ name: 'Sprint' }, 'Race name and date are required'],
    [{ name: '   ', date: '2026-06-01' }, 'Race name and date are required'],
    [{ name: 'Sprint', date: '06/01/2026' }, 'Enter the race date as YYYY-MM-DD'],
    [{ name: 'Sprint', date: '2027-02-30' }, 'Enter the race date as YYYY-MM-DD'],
    [{ name: 'x'.repeat(201), date: '2026-06-01' }, 'Race name must be at most 200 characters'],
    [{ name: 'Sprint', date: '2026-06-01', location: 'x'.repeat(201) }, 'Location must be at most 200 characters'],
    [{ name: 'Sprint', date: '2026-06-01', description: 'x'.repeat(2001) }, 'Description must be at most 2000 characters'],
  ])('refuses %j', (body, message) => {
    const parsed = raceInputSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('trims, fills missing optional fields and accepts the limits exactly', () => {
    const parsed = raceInputSchema.parse({ name: ' Sprint ', date: '2028-02-29', location: null, description: 'd'.repeat(2000) });
    expect(parsed).toEqual({ name: 'Sprint', date: '2028-02-29', location: '', description: 'd'.repeat(2000) });
    expect(raceInputSchema.safeParse({ name: 'n'.repeat(200), date: '2026-01-01', location: 'l'.repeat(200) }).success).toBe(true);
  });
});

describe('listRaces', () => {
  it('sorts by date and hides signups from visitors and non-members', () => {
    const member = addUser('Mia Member', 'member', '/uploads/mia.webp');
    const pending = addUser('Pat Pending', 'pending');
    const late = createRace(deps, input({ name: 'Late', date: '2026-09-01' }), member, NOW);
    const early = createRace(deps, input({ name: 'Early', date: '2026-04-01' }), member, NOW);
    setRaceSignup(deps, late.id, member, true, NOW + 5);

    for (const viewer of [null, pending]) {
      const list = listRaces(deps, viewer);
      expect(list.map((r) => r.name)).toEqual(['Early', 'Late']);
      for (const r of list) expect(r).toMatchObject({ signups: [], signupCount: 0, isSignedUp: false });
    }

    const seen = listRaces(deps, member);
    expect(seen.map((r) => r.id)).toEqual([early.id, late.id]);
    expect(seen[0]).toMatchObject({ signups: [], signupCount: 0, isSignedUp: false });
    expect(seen[1]).toMatchObject({ signupCount: 1, isSignedUp: true });
    expect(seen[1]!.signups).toEqual([
      { id: expect.any(Number), user_id: member.id, user_name: 'Mia Member', signup_time: NOW + 5, userProfilePictureUrl: '/uploads/mia.webp' },
    ]);
  });

  it('reads all signups in one query however many races there are', () => {
    const member = addUser('Mia Member', 'member');
    for (let i = 0; i < 5; i++) createRace(deps, input({ name: `R${i}`, date: `2026-0${i + 4}-01` }), member, NOW);
    // Every statement run, prepared now or once before: the list's queries are prepared once per connection.
    const { statements, stop } = recordStatements(database);
    try {
      listRaces(deps, member);
      // The races and their signups: one statement each (lifts and results add their own, as few).
      expect(statements.filter((sql) => /from "(races|race_signups)"/.test(sql))).toHaveLength(2);
      const withFive = statements.length;
      for (let i = 5; i < 10; i++) createRace(deps, input({ name: `R${i}`, date: `2026-0${(i % 5) + 4}-02` }), member, NOW);
      statements.length = 0;
      listRaces(deps, member);
      expect(statements).toHaveLength(withFive);
    } finally {
      stop();
    }
  });

  it('treats an exec as a member who sees others signed up, not as signed up themself', () => {
    const member = addUser('Mia Member', 'member');
    const exec = addUser('Erin Exec', 'exec');
    const race = createRace(deps, input({}), exec, NOW);
    setRaceSignup(deps, race.id, member, true, NOW);
    expect(listRaces(deps, exec)[0]).toMatchObject({ signupCount: 1, isSignedUp: false });
  });
});

describe('getRaceDetail', () => {
  it('answers race, signups and isSignedUp, or 404', () => {
    const a = addUser('Ann A', 'member');
    const b = addUser('Ben B', 'member');
    const race = createRace(deps, input({ name: 'Sprint', location: 'Lake' }), a, NOW);
    setRaceSignup(deps, race.id, b, true, NOW + 1);
    setRaceSignup(deps, race.id, a, true, NOW + 2);
    const detail = getRaceDetail(deps, race.id, a);
    expect(detail.isSignedUp).toBe(true);
    expect(detail.signups.map((s) => s.user_name)).toEqual(['Ben B', 'Ann A']);
    expect(detail.race).toMatchObject({ id: race.id, name: 'Sprint', location: 'Lake', signupCount: 2 });
    expect(refusal(() => getRaceDetail(deps, race.id + 100, a))).toEqual({ status: 404, message: 'Race not found' });
  });
});

describe('create, update, delete', () => {
  it('creates with the creator recorded, updates every field, deletes with its signups', () => {
    const exec = addUser('Erin Exec', 'exec');
    const race = createRace(deps, input({ name: 'Sprint', location: 'Lake', description: 'Fun' }), exec, NOW);
    expect(race).toMatchObject({ name: 'Sprint', date: '2026-06-01', location: 'Lake', description: 'Fun', signups: [], isSignedUp: false });
    expect(database.db.select().from(races).where(eq(races.id, race.id)).get()).toMatchObject({ createdBy: exec.id, createdAt: NOW });

    setRaceSignup(deps, race.id, exec, true, NOW);
    const updated = updateRace(deps, race.id, input({ name: 'Olympic', date: '2026-07-04', location: '', description: '' }), exec);
    expect(updated).toMatchObject({ name: 'Olympic', date: '2026-07-04', location: '', description: '', signupCount: 1, isSignedUp: true });

    deleteRace(deps, race.id);
    expect(database.db.select().from(races).all()).toEqual([]);
    expect(database.db.select().from(raceSignups).all()).toEqual([]);
  });

  it('answers 404 for a missing race on update and delete', () => {
    const exec = addUser('Erin Exec', 'exec');
    expect(refusal(() => updateRace(deps, 99, input({}), exec))).toEqual({ status: 404, message: 'Race not found' });
    expect(refusal(() => deleteRace(deps, 99))).toEqual({ status: 404, message: 'Race not found' });
  });
});

describe('setRaceSignup', () => {
  it('signs up and cancels, and asking for the current state again changes nothing', () => {
    const m = addUser('Mia Member', 'member');
    const race = createRace(deps, input({}), m, NOW);
    expect(setRaceSignup(deps, race.id, m, true, NOW)).toEqual({ signedUp: true });
    expect(setRaceSignup(deps, race.id, m, true, NOW + 10)).toEqual({ signedUp: true });
    const rows = database.db.select().from(raceSignups).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.signupTime).toBe(NOW);

    expect(setRaceSignup(deps, race.id, m, false, NOW)).toEqual({ signedUp: false });
    expect(setRaceSignup(deps, race.id, m, false, NOW)).toEqual({ signedUp: false });
    expect(database.db.select().from(raceSignups).all()).toEqual([]);
  });

  it.each(['public', 'pending', 'rejected'] as const)('refuses a %s user with the members-only message', (role) => {
    const owner = addUser('Mia Member', 'member');
    const race = createRace(deps, input({}), owner, NOW);
    const u = addUser(`Someone ${role}`, role);
    expect(refusal(() => setRaceSignup(deps, race.id, u, true, NOW))).toEqual({
      status: 403,
      message: 'You must be a member to sign up for races',
    });
    expect(database.db.select().from(raceSignups).all()).toEqual([]);
  });

  it('answers 404 for a missing race', () => {
    const m = addUser('Mia Member', 'member');
    expect(refusal(() => setRaceSignup(deps, 42, m, true, NOW))).toEqual({ status: 404, message: 'Race not found' });
  });
});
