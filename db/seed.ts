import { count, desc, eq } from 'drizzle-orm';
import { defaultSeasons, type SeasonsDocument } from '../domain/schedule';
import { defaultSports, type SportsDocument } from '../domain/sports';
import { DEFAULT_TEAM_POSITIONS } from '../domain/contract/club/profiles';
import { addDays, clubToday } from '../domain/clock';
import { storedDuration } from '../domain/durations';
import { drawDemoAvatars } from './demo-avatars';
import { demoEvents, demoRaces, demoWeek } from './demo-content';
import { hashPassword } from './passwords';
import type { Database_ } from './client';
import { clubDocuments, posts, races, teamProfiles, users } from './schema';

/** The positions the demo club's cards are made for: the default ones. */
export const TEAM_POSITIONS = DEFAULT_TEAM_POSITIONS.map((p) => ({ id: p.id, role: p.title }));

// The demo team's bios tell the same story as the timetable (domain/schedule.ts): the days and
// sessions each one names are the schedule's (db/demo-content.test.ts checks it), and each fits the
// card's 120-character preview whole.
export const DEMO_TEAM: Record<string, { name: string; bio: string; email: string }> = {
  'swim-coach': {
    name: 'Maya Chen',
    email: 'swim.coach@club.test',
    bio: 'Former varsity swimmer and Level 2 coach. Maya coaches every pool practice, and the Monday open-water swims in summer.',
  },
  'run-coach': {
    name: 'Daniel Okafor',
    email: 'run.coach@club.test',
    bio: 'Marathoner and track nerd who leads the Tuesday track intervals, the Wednesday group tempo run and the Sunday long run.',
  },
  'co-president': {
    name: 'Priya Sharma',
    email: '',
    bio: 'Kinesiology student and two-time Ironman 70.3 finisher. Find her at spin class on Monday, Wednesday and Friday mornings.',
  },
  'co-president-2': {
    name: 'Lucas Martin',
    email: '',
    bio: 'Came to his first Saturday brick unable to swim a length; raced his first sprint triathlon that spring.',
  },
  treasurer: {
    name: 'Emily Wong',
    email: '',
    bio: 'Keeps the books balanced and the bikes serviced. Ask her about membership fees after any Thursday swim practice.',
  },
  secretary: {
    name: 'Sam Rivera',
    email: '',
    bio: 'Takes the minutes, answers the club inbox and keeps the race calendar up to date. Never misses the Sunday long run.',
  },
  'social-coordinator': {
    name: 'Aisha Patel',
    email: '',
    bio: 'Pancake breakfasts after the Saturday brick are her idea. You are welcome.',
  },
  'social-media': {
    name: 'Noah Kim',
    email: '',
    bio: 'Posts the week ahead and the photos from every race on the club\u2019s Instagram. Tag the club and he shares yours.',
  },
  webmaster: {
    name: 'Olivia Brown',
    email: '',
    bio: 'Builds and looks after this site. Something wrong with it? Tell her at Tuesday track intervals.',
  },
  'workout-coordinator': {
    name: 'Ethan Clarke',
    email: '',
    bio: 'Books the pool lanes, the spin studio and the track, and posts each week\u2019s workouts on the forum.',
  },
};

export const DEMO_ACCOUNTS = [
  { email: 'admin@club.test', password: 'admin-demo', name: 'Alex Admin', role: 'administrator' },
  { email: 'exec@club.test', password: 'exec-demo', name: 'Erin Exec', role: 'exec' },
  { email: 'member@club.test', password: 'member-demo', name: 'Morgan Member', role: 'member' },
  { email: 'pending@club.test', password: 'pending-demo', name: 'Pat Pending', role: 'pending' },
] as const;

/** What the seed reads of the environment (api/platform/settings/env.ts's Env fits; db/ does not import api/). */
export interface SeedSettings {
  ADMIN_EMAIL?: string;
  ADMIN_PASSWORD?: string;
  SEED_DEMO: boolean;
  CLUB_TIMEZONE: string;
  PASSWORD_HASH_LOG_N: number;
  /** Where the demo team's drawn pictures go (the uploads folder); without it the demo team has none. */
  uploadsDir?: string;
}

/** The newest published body of a document, or null while it has its default. */
function publishedBody<T>(database: Database_, key: 'seasons' | 'sports'): T | null {
  const row = database.db
    .select({ body: clubDocuments.body })
    .from(clubDocuments)
    .where(eq(clubDocuments.key, key))
    .orderBy(desc(clubDocuments.version))
    .limit(1)
    .get();
  return row ? (JSON.parse(row.body) as T) : null;
}

/** The club's seasons in force: the newest published `seasons` document, or the default. */
function seasonsInForce(database: Database_): SeasonsDocument['seasons'] {
  return publishedBody<SeasonsDocument>(database, 'seasons')?.seasons ?? defaultSeasons().seasons;
}

/** The club's workout types in force, which the demo week's workouts take. */
function sportsInForce(database: Database_): SportsDocument {
  return publishedBody<SportsDocument>(database, 'sports') ?? defaultSports();
}

/**
 * Fills an empty database: the cards of the default team positions (once); when there are no users, either the
 * ADMIN_EMAIL administrator or the demo accounts (printed once) with a little demo content.
 */
export async function seed(
  database: Database_,
  env: SeedSettings,
  now = Date.now(),
  log = console.log,
): Promise<void> {
  const { db } = database;
  const demo = env.SEED_DEMO;
  // The team's pictures are drawn once, when the positions are first made.
  const firstTeam = db.select({ n: count() }).from(teamProfiles).get()!.n === 0;
  const pictures =
    demo && firstTeam && env.uploadsDir
      ? await drawDemoAvatars(
          env.uploadsDir,
          TEAM_POSITIONS.map((p) => DEMO_TEAM[p.id]!.name),
        )
      : null;
  // Only into an empty table: a card deleted with its position is not brought back on the next start.
  if (firstTeam) {
    db.insert(teamProfiles)
      .values(
        TEAM_POSITIONS.map((p, i) => ({
          id: p.id,
          role: p.role,
          sortOrder: i,
          ...(demo ? DEMO_TEAM[p.id] : {}),
          ...(pictures ? { image: pictures[i]! } : {}),
        })),
      )
      .onConflictDoNothing()
      .run();
  }

  const { n } = db.select({ n: count() }).from(users).get()!;
  if (n > 0) return;
  const today = clubToday(now, env.CLUB_TIMEZONE);
  const nextYear = addDays(today, 365);

  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const passwordHash = await hashPassword(env.ADMIN_PASSWORD, env.PASSWORD_HASH_LOG_N);
    db.insert(users)
      .values({
        email: env.ADMIN_EMAIL.toLowerCase(),
        passwordHash,
        name: 'Administrator',
        role: 'administrator',
        joinDate: today,
      })
      .run();
    log(`Created the administrator ${env.ADMIN_EMAIL} (password from ADMIN_PASSWORD).`);
  }
  if (!demo || env.ADMIN_EMAIL) return;

  const hashes = await Promise.all(
    DEMO_ACCOUNTS.map((a) => hashPassword(a.password, env.PASSWORD_HASH_LOG_N)),
  );
  database.tx(() => {
    const ids = DEMO_ACCOUNTS.map(
      (a, i) =>
        db
          .insert(users)
          .values({
            email: a.email,
            passwordHash: hashes[i]!,
            name: a.name,
            role: a.role,
            phoneNumber: `(555) 010-000${i}`,
            joinDate: today,
            expiryDate: a.role === 'pending' ? null : nextYear,
          })
          .returning({ id: users.id })
          .get().id,
    );
    const execId = ids[1]!;
    for (const w of demoWeek(today, seasonsInForce(database), sportsInForce(database))) {
      db.insert(posts)
        .values({
          userId: execId,
          type: 'workout',
          title: w.title,
          workoutType: w.workoutType,
          workoutDate: w.date,
          workoutTime: w.time,
          durationMinutes: storedDuration(w.time, w.endTime),
          capacity: w.capacity,
          workoutLocation: w.location,
          content: w.content,
        })
        .run();
    }
    db.insert(posts)
      .values(
        demoEvents(today).map((e) => ({
          userId: execId,
          type: 'event' as const,
          title: e.title,
          eventDate: e.date,
          eventTime: e.time,
          durationMinutes: storedDuration(e.time, e.endTime),
          eventLocation: e.location,
          content: e.content,
        })),
      )
      .run();
    db.insert(races)
      .values(demoRaces(today).map((r) => ({ ...r, createdBy: execId })))
      .run();
  });
  log('\nDemo accounts (shown once; also listed in README.md):');
  for (const a of DEMO_ACCOUNTS) log(`  ${a.role.padEnd(13)} ${a.email.padEnd(20)} password: ${a.password}`);
  log('');
}
