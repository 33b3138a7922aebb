// Shared fixtures of the security suite: a populated club to attack, and a snapshot of every table
// to prove a refused request changed nothing. The real server and the pictures are beside it.
import { eq } from 'drizzle-orm';
import { roleChangeNotifications, users } from '../../db/schema';
import { makeTestApp, type TestApp, type TestUser, type UserFields } from './test-app';
import { PUSH_DEVICE } from './push-service';

type Row = Record<string, unknown>;
export type Snapshot = Record<string, string[]>;

/** Every row of every table (migrations bookkeeping aside), each table's rows in a stable order. */
export function snapshot(t: TestApp): Snapshot {
  const tables = t.database.sqlite
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%drizzle%' order by name",
    )
    .all() as { name: string }[];
  const out: Snapshot = {};
  for (const { name } of tables) {
    const rows = t.database.sqlite.prepare(`select * from "${name}"`).all() as Row[];
    out[name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

export function tableNames(t: TestApp): string[] {
  return Object.keys(snapshot(t));
}

export function rowCount(t: TestApp, table: string): number {
  return (t.database.sqlite.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n;
}

export const FUTURE_DATE = '2026-03-10';

export const ACTORS = [
  'admin',
  'exec',
  'member',
  'pending',
  'publicUser',
  'expired',
  'rejected',
  'author',
  'filler',
  'waiter',
  'racer',
  'applicant',
  'target',
] as const;
export type ActorName = (typeof ACTORS)[number];

export const phoneOf = (index: number) => `(416) 555-${String(100 + index).padStart(4, '0')}`;

export interface World {
  t: TestApp;
  users: Record<ActorName, TestUser>;
  /** A workout with no capacity limit, by `author`. */
  openWorkoutId: number;
  /** Capacity 1, `filler` signed up, `waiter` on the waitlist; by `author`. */
  fullWorkoutId: number;
  eventId: number;
  /** Created by `member`; `racer` is signed up. */
  raceId: number;
  /** A device `racer` turned notifications on for. */
  deviceId: number;
}

/**
 * A small club: one account per role and per situation. `author` wrote the posts as an exec and is
 * a plain member now, so only authorship (not rank) lets them edit their posts.
 */
export async function buildWorld(t: TestApp = makeTestApp()): Promise<World> {
  await t.seed();
  const made = {} as World['users'];
  const roles: Record<ActorName, UserFields> = {
    admin: { role: 'administrator' },
    exec: { role: 'exec' },
    member: { role: 'member' },
    pending: { role: 'pending', charter: false },
    publicUser: { role: 'public' },
    expired: { role: 'member', expiryDate: '2026-01-31' },
    rejected: { role: 'rejected' },
    author: { role: 'exec' },
    filler: { role: 'member' },
    waiter: { role: 'member' },
    racer: { role: 'member' },
    applicant: { role: 'pending' },
    target: { role: 'member' },
  };
  for (const [i, name] of ACTORS.entries()) {
    made[name] = await t.createUser({ ...roles[name], email: `${name.toLowerCase()}@club.test`, name: `The ${name}` });
    // A phone of one's own, so a leak of someone else's would show.
    t.db.update(users).set({ phoneNumber: phoneOf(i) }).where(eq(users.id, made[name].id)).run();
  }
  const post = async (body: Record<string, unknown>) => (await t.createPost(made.author.token, body)).post.id as number;
  const workout = { type: 'workout', workoutType: 'run', workoutDate: FUTURE_DATE, workoutTime: '18:15', content: 'Tempo run' };
  const openWorkoutId = await post({ ...workout, title: 'Open run' });
  const fullWorkoutId = await post({ ...workout, title: 'Small swim', workoutType: 'swim', capacity: 1 });
  const eventId = await post({ type: 'event', title: 'Club social', eventDate: FUTURE_DATE, content: 'Pizza' });
  await t.must('POST', `/api/forum/workouts/${fullWorkoutId}/signup`, { token: made.filler.token, body: { signedUp: true } });
  await t.must('POST', `/api/forum/workouts/${fullWorkoutId}/waitlist`, { token: made.waiter.token });
  const race = await t.createRace(made.member.token, { name: 'Spring Sprint', date: '2026-05-17', location: 'Lake', description: 'Sprint' });
  const raceId = race.id as number;
  await t.must('POST', `/api/races/${raceId}/signup`, { token: made.racer.token });
  const device = await t.must('PUT', '/api/me/notifications/devices', { token: made.racer.token, body: PUSH_DEVICE });
  const deviceId = device.device.id as number;
  t.db.update(users).set({ role: 'member' }).where(eq(users.id, made.author.id)).run();
  t.db
    .insert(roleChangeNotifications)
    .values({ userId: made.member.id, oldRole: 'pending', newRole: 'member', createdAt: t.clock.now() })
    .run();
  return { t, users: made, openWorkoutId, fullWorkoutId, eventId, raceId, deviceId };
}

/** A route template with :applicant, :target, :openWorkout, :fullWorkout, :event or :race filled in. */
export function fillPath(template: string, w: World): string {
  const ids: Record<string, number> = {
    applicant: w.users.applicant.id,
    target: w.users.target.id,
    openWorkout: w.openWorkoutId,
    fullWorkout: w.fullWorkoutId,
    event: w.eventId,
    race: w.raceId,
  };
  return template.replace(/:(\w+)/g, (whole, name: string) => (name in ids ? String(ids[name]) : whole));
}

/** Parses a Content-Security-Policy header into directive -> sources. */
export function cspDirectives(header: string | null | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}
