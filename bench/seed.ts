// The bench club: 200 members with a realistic spread of sign-ups, waitlists, RSVPs and race sign-ups,
// plus the accounts and workouts the individual measurements need. Written straight into SQLite
// (one transaction) before the server starts; one scrypt hash shared by every account.
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { eventRsvps, posts, raceSignups, races, users, waitlistEntries, workoutSignups } from '../db/schema';
import type { RsvpStatus } from '../domain/contract/training/forum';
import { defaultSports } from '../domain/sports';
import { hashPassword } from '../db/passwords';
import { addDays, clubToday } from '../domain/clock';

export const BENCH_PASSWORD = 'bench-password-2026';
export const BENCH_LOG_N = 12;

export const COUNTS = {
  members: 200,
  execs: 2,
  admins: 1,
  stormMembers: 1000,
  // With the 10 toggle workouts: 200 upcoming workouts with 3 sign-ups each (the forum-list figure of
  // measured against the replaced app on 202), plus the storm workout, empty until the storm.
  workouts: 190,
  signupsPerWorkout: 3,
  events: 50,
  races: 30,
  toggleWorkouts: 10,
  stormCapacity: 10,
  offlineWorkouts: 40,
  offlineEvents: 40,
  offlineRaces: 20,
} as const;

export interface BenchFixture {
  memberIds: number[];
  execIds: number[];
  memberEmails: string[];
  stormMemberIds: number[];
  /** Two members with no activity: one replays on /forum, one on the home page. */
  offlineMembers: { id: number; email: string }[];
  workoutIds: number[];
  toggleWorkoutIds: number[];
  stormWorkoutId: number;
  /** The same storm asked the one-request way (sign up, else the waitlist), on its own workout. */
  oneRequestStormWorkoutId: number;
  offlineTargets: { workouts: number[]; events: { id: number; status: RsvpStatus }[]; races: number[] };
  rows: Record<string, number>;
}

/** Small seeded generator (mulberry32), so every run builds the same club. */
function randomFrom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  /** `n` distinct items of `list`, in random order. */
  const sample = <T>(list: readonly T[], n: number): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, Math.min(n, copy.length));
  };
  return { next, int, pick, sample };
}

const TIMES = ['06:30', '07:00', '12:00', '17:30', '18:00', '19:00'];
const WORKOUT_TYPES = defaultSports().types.map((t) => t.id);
const TITLES: Record<string, string[]> = {
  spin: ['Spin: sweet-spot intervals', 'Spin: cadence pyramids', 'Spin: threshold ladder'],
  'outdoor-ride': ['Group ride to the lake', 'Hill repeats ride', 'Easy recovery spin outdoors'],
  run: ['Track tempo 6 x 1 km', 'Easy long run', 'Hill sprints'],
  swim: ['Masters swim: threshold 100s', 'Technique swim', 'Open water prep'],
  brick: ['Brick: 40 km + 5 km', 'Brick: 20 km + 3 km fast', 'Race-pace brick'],
  other: ['Core and mobility', 'Strength circuit', 'Transition practice'],
};

export async function seedBenchDatabase(path: string, now = Date.now()): Promise<BenchFixture> {
  const database = openDatabase(path);
  const rnd = randomFrom(20260302);
  try {
    runMigrations(database);
    const passwordHash = await hashPassword(BENCH_PASSWORD, BENCH_LOG_N);
    const today = clubToday(now, 'America/Toronto');
    const { db } = database;

    return database.tx(() => {
      const addUser = (email: string, name: string, role: string) =>
        db
          .insert(users)
          .values({
            email,
            name,
            passwordHash,
            role,
            phoneNumber: '(555) 010-2026',
            charterAcceptedAt: now,
            charterVersion: '2026-1',
            joinDate: today,
            expiryDate: '2099-12-31',
          })
          .returning({ id: users.id })
          .get().id;

      addUser('bench-admin@club.test', 'Bench Admin', 'administrator');
      const execIds = Array.from({ length: COUNTS.execs }, (_, i) => addUser(`bench-exec${i}@club.test`, `Bench Exec ${i}`, 'exec'));
      const memberEmails = Array.from({ length: COUNTS.members }, (_, i) => `bench-member${i}@club.test`);
      const memberIds = memberEmails.map((email, i) => addUser(email, `Member ${i}`, 'member'));
      const stormMemberIds = Array.from({ length: COUNTS.stormMembers }, (_, i) => addUser(`bench-storm${i}@club.test`, `Storm ${i}`, 'member'));
      const offlineMembers = [0, 1].map((i) => {
        const email = `bench-offline${i}@club.test`;
        return { id: addUser(email, `Offline Member ${i}`, 'member'), email };
      });

      const addWorkout = (title: string, type: string, day: number, time: string, capacity: number | null) =>
        db
          .insert(posts)
          .values({
            userId: rnd.pick(execIds),
            type: 'workout',
            title,
            content: 'Warm-up, main set, cool-down. All levels welcome: groups are split by pace.',
            workoutType: type,
            workoutDate: addDays(today, day),
            workoutTime: time,
            capacity,
          })
          .returning({ id: posts.id })
          .get().id;

      // Each with 3 sign-ups: a quarter unlimited, one in ten full at capacity 3 with a short waitlist.
      const workoutIds: number[] = [];
      const withRoom: number[] = [];
      let signupRows = 0;
      let waitlistRows = 0;
      const addSignups = (postId: number, signed: number[], waiting: number[] = []) => {
        if (signed.length > 0) {
          db.insert(workoutSignups)
            .values(signed.map((userId, k) => ({ postId, userId, signupTime: now - 86_400_000 + k * 1000 })))
            .run();
        }
        if (waiting.length > 0) {
          db.insert(waitlistEntries)
            .values(waiting.map((userId, k) => ({ postId, userId, joinedAt: now - 3_600_000 + k * 1000 })))
            .run();
        }
        signupRows += signed.length;
        waitlistRows += waiting.length;
      };
      for (let i = 0; i < COUNTS.workouts; i++) {
        const type = rnd.pick(WORKOUT_TYPES);
        const roll = rnd.next();
        const full = roll < 0.1;
        const capacity = full ? COUNTS.signupsPerWorkout : roll < 0.35 ? null : rnd.int(5, 30);
        const id = addWorkout(rnd.pick(TITLES[type]!), type, rnd.int(1, 60), rnd.pick(TIMES), capacity);
        workoutIds.push(id);
        const people = rnd.sample(memberIds, COUNTS.signupsPerWorkout + (full ? rnd.int(1, 5) : 0));
        addSignups(id, people.slice(0, COUNTS.signupsPerWorkout), people.slice(COUNTS.signupsPerWorkout));
        // Room for both offline members.
        if (!full) withRoom.push(id);
      }

      // Only these members toggle here, on workouts far enough ahead that a cancel is never late.
      const toggleWorkoutIds = Array.from({ length: COUNTS.toggleWorkouts }, (_, i) =>
        addWorkout(`Bench toggle workout ${i}`, 'run', 3 + i, '18:00', 100),
      );
      // Their 3 standing sign-ups come from the storm's members, who never toggle.
      toggleWorkoutIds.forEach((id, i) =>
        addSignups(id, stormMemberIds.slice(i * COUNTS.signupsPerWorkout, (i + 1) * COUNTS.signupsPerWorkout)),
      );
      const stormWorkoutId = addWorkout('Bench storm: 1,000 members, 10 places', 'spin', 20, '18:00', COUNTS.stormCapacity);

      const eventIds: number[] = [];
      let rsvpRows = 0;
      for (let i = 0; i < COUNTS.events; i++) {
        const id = db
          .insert(posts)
          .values({
            userId: rnd.pick(execIds),
            type: 'event',
            title: `Club event ${i + 1}`,
            content: 'Food, kit orders and the race calendar. Everyone welcome!',
            eventDate: addDays(today, rnd.int(1, 90)),
          })
          .returning({ id: posts.id })
          .get().id;
        eventIds.push(id);
        const people = rnd.sample(memberIds, rnd.int(0, 60));
        if (people.length > 0) {
          db.insert(eventRsvps)
            .values(people.map((userId) => ({ postId: id, userId, status: rnd.pick(['going', 'going', 'maybe', 'not_going'] as const) })))
            .run();
        }
        rsvpRows += people.length;
      }

      const raceIds: number[] = [];
      let raceSignupRows = 0;
      for (let i = 0; i < COUNTS.races; i++) {
        const id = db
          .insert(races)
          .values({
            name: `Race ${i + 1}: ${rnd.pick(['Sprint', 'Olympic', '70.3', 'Duathlon', 'Aquabike'])}`,
            date: addDays(today, rnd.int(10, 250)),
            location: rnd.pick(['Lakeside Park', 'Harbour Front', 'Downtown', 'University Pool']),
            description: 'Race details, start times and the club tent location.',
            createdBy: rnd.pick(execIds),
          })
          .returning({ id: races.id })
          .get().id;
        raceIds.push(id);
        const people = rnd.sample(memberIds, rnd.int(0, 30));
        if (people.length > 0) db.insert(raceSignups).values(people.map((userId) => ({ raceId: id, userId }))).run();
        raceSignupRows += people.length;
      }

      // Made last, so every other row of the club is drawn as before it existed.
      const oneRequestStormWorkoutId = addWorkout('Bench storm, one request each: 1,000 members, 10 places', 'spin', 21, '18:00', COUNTS.stormCapacity);

      return {
        memberIds,
        execIds,
        memberEmails,
        stormMemberIds,
        offlineMembers,
        workoutIds,
        toggleWorkoutIds,
        stormWorkoutId,
        oneRequestStormWorkoutId,
        offlineTargets: {
          workouts: rnd.sample(withRoom, COUNTS.offlineWorkouts),
          events: rnd.sample(eventIds, COUNTS.offlineEvents).map((id) => ({ id, status: rnd.pick(['going', 'maybe'] as const) })),
          races: rnd.sample(raceIds, COUNTS.offlineRaces),
        },
        rows: {
          users: COUNTS.admins + COUNTS.execs + COUNTS.members + COUNTS.stormMembers + offlineMembers.length,
          workouts: workoutIds.length + toggleWorkoutIds.length + 1,
          workoutSignups: signupRows,
          waitlistEntries: waitlistRows,
          events: eventIds.length,
          eventRsvps: rsvpRows,
          races: raceIds.length,
          raceSignups: raceSignupRows,
        },
      };
    });
  } finally {
    database.close();
  }
}
