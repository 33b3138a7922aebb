// Every route that changes something, attacked without a token, by each role below the one it asks
// for and, where a row has an owner, by someone else: each refusal leaves every table as
// it was. The last call of each row is the rightful one, which must change something: proof that
// the refusals are about who asks, not about a broken fixture.
import { describe, expect, it } from 'vitest';
import { PUSH_DEVICE } from '../testing/push-service';
import { eq } from 'drizzle-orm';
import { announcements, duties, dutyHolders, passkeyChallenges, passkeys, payments, polls, pollTallies, posts, raceLiftPlaces, raceLifts, races, raceSignups, renewalRequests, workoutLanes, workoutSignups } from '../../db/schema';
import { ORIGIN } from '../testing/passkey-ceremonies';
import { pictureForm, smallPng } from '../testing/pictures';
import { SoftwareAuthenticator } from '../testing/software-authenticator';
import { TEST_PASSWORD } from '../testing/test-app';
import { FUTURE_DATE, buildWorld, snapshot, type ActorName, type World } from '../testing/security-world';

interface RouteCase {
  name: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: (w: World) => string;
  /** A valid body; a function when it is built per call (FormData is read once). */
  body?: (w: World) => Promise<unknown> | unknown;
  /** Headers of every call (a CSV upload's content type). */
  headers?: Record<string, string>;
  /** Roles under the route's rank: each must get 403. `rejected` is added to every row. */
  tooLow: ActorName[];
  /** Someone of enough rank who does not own the row: 403 or 404, nothing changed. */
  notOwner?: ActorName;
  /** The route acts on the caller's own rows only: another user's call leaves the owner's row alone. */
  othersOnly?: ActorName;
  allowed: ActorName;
  allowedStatus: number;
  /** Brings the world to the moment the route makes sense (e.g. after the workout started). */
  at?: (w: World) => void;
  /** The rightful call changes the database (false for the ignored notify-role-change body, and a photo upload, which writes files only). */
  changes?: boolean;
  /**
   * Calls by someone of enough rank that the club's rules refuse (a result for an account that is not
   * an active member, a second lift to one race): each answers `status` and leaves every table as it was.
   */
  refused?: { as: ActorName; why: string; path?: (w: World) => string; status: number }[];
}

const BELOW_MEMBER: ActorName[] = ['pending', 'publicUser', 'expired'];
const BELOW_EXEC: ActorName[] = ['member', ...BELOW_MEMBER];
const BELOW_ADMIN: ActorName[] = ['exec', ...BELOW_EXEC];

const workoutUpdate = {
  title: 'Hijacked',
  workoutType: 'run',
  workoutDate: '2026-03-11',
  workoutTime: '07:00',
  content: 'Changed',
  capacity: 5,
};

function passkeysOn(w: World): void {
  w.t.deps.env.PASSKEYS = { enabled: true, rpID: new URL(ORIGIN).hostname, origin: ORIGIN };
}

/** A registration answer to a challenge the row puts in the database for `pending`. */
const CHALLENGE = 'YWNjZXNzLXRlc3QtY2hhbGxlbmdl';
const CREATED = new SoftwareAuthenticator().create(
  { rp: { name: 'Club', id: new URL(ORIGIN).hostname }, user: { id: 'aGFuZGxl', name: 'p', displayName: 'p' }, challenge: CHALLENGE, pubKeyCredParams: [] },
  ORIGIN,
);

let paidPayment = 0;
/** A membership paid in cash by the target member, for the refund's case. */
const givePaidPayment = (w: World) => {
  const row = w.t.db
    .insert(payments)
    .values({ userId: w.users.target.id, memberName: 'Target', kind: 'membership', item: 'Full Tri', subtotalCents: 25600, taxCents: 3328, amountCents: 28928, taxName: 'HST', currency: 'CAD', method: 'cash', status: 'paid', paidAt: w.t.clock.now() })
    .returning()
    .get();
  paidPayment = row.id;
};

let racerPasskey = 0;
/** Puts a passkey on `owner`'s account (its id in `racerPasskey` for the racer's rows). */
function givePasskey(owner: ActorName) {
  return (w: World) => {
    passkeysOn(w);
    const row = w.t.db
      .insert(passkeys)
      .values({ userId: w.users[owner].id, credentialId: `cred-${owner}`, publicKey: 'AA', userHandle: 'aGFuZGxl', name: 'Phone', deviceType: 'multiDevice' })
      .returning()
      .get();
    racerPasskey = row.id;
  };
}

/** The world's race lists distances. */
function raceDistances(w: World): void {
  w.t.db.update(races).set({ distances: JSON.stringify(['Sprint', 'Olympic']) }).where(eq(races.id, w.raceId)).run();
}

let liftId = 0;
/** `racer` offers a lift to the world's race (its id in `liftId`); `taken` already ride in it. */
function racerLift(taken: { who: ActorName; kind: 'seat' | 'bike' }[] = []) {
  return (w: World) => {
    liftId = w.t.db
      .insert(raceLifts)
      .values({ raceId: w.raceId, driverId: w.users.racer.id, leavingFrom: 'Gym', leavingAt: '2026-05-17T05:00', seats: 3, bikeSpots: 2 })
      .returning()
      .get().id;
    for (const p of taken) w.t.db.insert(raceLiftPlaces).values({ liftId, userId: w.users[p.who].id, kind: p.kind }).run();
  };
}

let laterRaceId = 0;
/**
 * Race day: the world's race is today's, with distances, and `member` entered in it beside `racer`;
 * a later race, `racer` entered, is still to come (its id in `laterRaceId`).
 */
function raceDay(w: World): void {
  raceDistances(w);
  w.t.db.update(races).set({ date: '2026-03-02' }).where(eq(races.id, w.raceId)).run();
  w.t.db.insert(raceSignups).values({ raceId: w.raceId, userId: w.users.member.id }).run();
  laterRaceId = w.t.db
    .insert(races)
    .values({ name: 'Autumn Sprint', date: '2026-04-12', distances: JSON.stringify(['Sprint']) })
    .returning()
    .get().id;
  w.t.db.insert(raceSignups).values({ raceId: laterRaceId, userId: w.users.racer.id }).run();
}

const liftBody = { leavingFrom: 'Gym', leavingAt: '2026-05-17T04:30', seats: 3, bikeSpots: 2, note: '' };
const resultBody = { distance: 'Sprint', finishTime: '1:10:00' };

/** An open poll (id 1) on Home, posted by the author. */
function addPoll(w: World): void {
  w.t.db
    .insert(polls)
    .values({ id: 1, userId: w.users.author.id, question: 'Which Saturday?', options: JSON.stringify(['Mar 7', 'Mar 14']), closesAt: w.t.clock.now() + 86_400_000 })
    .run();
  w.t.db.insert(pollTallies).values([0, 1].map((option) => ({ pollId: 1, option, count: 0 }))).run();
}

/**
 * A duty (id 1) of one place on the open workout, held by `holder` if given (with a swap on offer if
 * asked), five days ahead or, when `started`, begun an hour ago.
 */
function addDuty(holder?: ActorName, swap = false, started = false) {
  return (w: World): void => {
    const startsAt = w.t.clock.now() + (started ? -3_600_000 : 5 * 86_400_000);
    w.t.db.insert(duties).values({ id: 1, place: 'workout', placeId: w.openWorkoutId, kind: 'Lifeguard', places: 1, startsAt, endsAt: startsAt + 3_600_000 }).run();
    if (holder) w.t.db.insert(dutyHolders).values({ dutyId: 1, userId: w.users[holder].id, swapOfferedAt: swap ? w.t.clock.now() : null }).run();
  };
}

const CASES: RouteCase[] = [
  // ---------- users (any signed-in account; only a refused application is below it) ----------
  {
    name: 'log out (ends every session of the account)',
    method: 'POST',
    path: () => '/api/auth/logout',
    tooLow: [],
    allowed: 'member',
    allowedStatus: 200,
  },
  {
    name: 'delete own account (the password confirms it)',
    method: 'DELETE',
    path: () => '/api/me',
    body: () => ({ password: TEST_PASSWORD }),
    tooLow: [],
    allowed: 'pending',
    allowedStatus: 204,
  },
  {
    name: 'accept charter',
    method: 'POST',
    path: () => '/api/users/accept-charter',
    tooLow: [],
    allowed: 'pending',
    allowedStatus: 200,
  },
  {
    name: 'edit own profile',
    method: 'PUT',
    path: () => '/api/users/profile',
    body: () => ({ name: 'New Name', email: 'fresh@club.test', phone_number: '4165550100', bio: 'Hi' }),
    tooLow: [],
    allowed: 'member',
    allowedStatus: 200,
  },
  {
    name: 'upload profile picture',
    method: 'POST',
    path: () => '/api/users/profile-picture',
    body: async () => pictureForm(await smallPng()),
    tooLow: [],
    allowed: 'member',
    allowedStatus: 200,
  },
  {
    name: 'mark role notifications read',
    method: 'POST',
    path: () => '/api/users/mark-role-notification-read',
    tooLow: [],
    allowed: 'member',
    allowedStatus: 200,
  },
  // ---------- admin (administrator only) ----------
  {
    name: 'approve member',
    method: 'PUT',
    path: (w) => `/api/admin/members/${w.users.applicant.id}/approve`,
    body: () => ({ role: 'administrator', expiryDate: '2026-12-31' }),
    tooLow: BELOW_ADMIN,
    allowed: 'admin',
    allowedStatus: 200,
  },
  {
    name: 'reject member',
    method: 'PUT',
    path: (w) => `/api/admin/members/${w.users.applicant.id}/reject`,
    body: () => ({ role: 'rejected' }),
    tooLow: BELOW_ADMIN,
    allowed: 'admin',
    allowedStatus: 200,
  },
  {
    name: 'update member',
    method: 'PUT',
    path: (w) => `/api/admin/members/${w.users.target.id}/update`,
    body: (w) => ({
      name: 'Promoted',
      email: w.users.target.email,
      role: 'administrator',
      expiryDate: '2026-12-31',
      phoneNumber: '4165550100',
      charterAccepted: 1,
    }),
    tooLow: BELOW_ADMIN,
    allowed: 'admin',
    allowedStatus: 200,
  },
  {
    name: 'delete member',
    method: 'DELETE',
    path: (w) => `/api/admin/members/${w.users.target.id}`,
    tooLow: BELOW_ADMIN,
    allowed: 'admin',
    allowedStatus: 200,
  },
  {
    name: 'import members from a spreadsheet',
    method: 'POST',
    path: () => '/api/admin/members/import',
    headers: { 'content-type': 'text/csv' },
    body: () => 'name,email\nNew Person,new.person@club.test\n',
    tooLow: BELOW_ADMIN,
    allowed: 'admin',
    allowedStatus: 200,
  },
  {
    name: 'bulk member action',
    method: 'POST',
    path: () => '/api/admin/members/bulk',
    body: (w) => ({ action: 'set-role', ids: [w.users.target.id], role: 'exec' }),
    tooLow: BELOW_ADMIN,
    allowed: 'admin',
    allowedStatus: 200,
  },
  {
    name: 'approve renewals',
    method: 'POST',
    path: () => '/api/admin/renewals/approve',
    at: (w) => {
      w.t.db.insert(renewalRequests).values({ id: 1, userId: w.users.expired.id, session: 'spring-2026' }).run();
    },
    body: () => ({ ids: [1] }),
    tooLow: BELOW_ADMIN,
    allowed: 'admin',
    allowedStatus: 200,
  },
  {
    name: 'decline a renewal',
    method: 'POST',
    path: () => '/api/admin/renewals/1/decline',
    at: (w) => {
      w.t.db.insert(renewalRequests).values({ id: 1, userId: w.users.expired.id, session: 'spring-2026' }).run();
    },
    body: () => ({ reason: 'No payment received' }),
    tooLow: BELOW_ADMIN,
    allowed: 'admin',
    allowedStatus: 200,
  },
  {
    // Open to a member whose membership ended (pending until renewed), not to an account never approved.
    name: 'ask to renew',
    method: 'POST',
    path: () => '/api/me/renewal',
    body: () => ({ session: 'spring-2026' }),
    tooLow: ['pending', 'publicUser'],
    allowed: 'expired',
    allowedStatus: 200,
  },
  {
    name: 'notify role change',
    method: 'POST',
    path: () => '/api/admin/notify-role-change',
    body: (w) => ({ userId: w.users.member.id, oldRole: 'member', newRole: 'administrator' }),
    tooLow: BELOW_ADMIN,
    allowed: 'admin',
    allowedStatus: 200,
    changes: false,
  },
  // ---------- forum ----------
  {
    name: 'create workout',
    method: 'POST',
    path: () => '/api/forum/posts',
    body: () => ({ ...workoutUpdate, type: 'workout', title: 'New run' }),
    tooLow: BELOW_EXEC,
    allowed: 'exec',
    allowedStatus: 201,
  },
  {
    name: 'create event',
    method: 'POST',
    path: () => '/api/forum/posts',
    body: () => ({ type: 'event', title: 'New social', eventDate: '2026-03-20', content: 'Bowling' }),
    tooLow: BELOW_EXEC,
    allowed: 'exec',
    allowedStatus: 201,
  },
  {
    name: 'edit workout',
    method: 'PUT',
    path: (w) => `/api/forum/posts/${w.openWorkoutId}`,
    body: () => workoutUpdate,
    tooLow: BELOW_MEMBER,
    notOwner: 'member',
    allowed: 'author',
    allowedStatus: 200,
  },
  {
    name: 'edit event',
    method: 'PUT',
    path: (w) => `/api/forum/posts/${w.eventId}`,
    body: () => ({ title: 'Hijacked', eventDate: '2026-03-21', content: 'Changed' }),
    tooLow: BELOW_MEMBER,
    notOwner: 'member',
    allowed: 'author',
    allowedStatus: 200,
  },
  {
    name: 'delete workout',
    method: 'DELETE',
    path: (w) => `/api/forum/posts/${w.fullWorkoutId}`,
    tooLow: BELOW_MEMBER,
    notOwner: 'member',
    allowed: 'author',
    allowedStatus: 200,
    // Members answered it: it is deleted once cancelled (a live one answers 409: cancel instead).
    at: (w) => {
      w.t.db.update(posts).set({ cancelledAt: w.t.clock.now(), cancelReason: 'Posted twice' }).where(eq(posts.id, w.fullWorkoutId)).run();
    },
  },
  {
    name: 'cancel workout',
    method: 'POST',
    path: (w) => `/api/forum/posts/${w.fullWorkoutId}/cancel`,
    body: () => ({ reason: 'Pool closed for a meet' }),
    tooLow: BELOW_MEMBER,
    notOwner: 'member',
    allowed: 'author',
    allowedStatus: 200,
  },
  {
    name: 'reinstate workout',
    method: 'DELETE',
    path: (w) => `/api/forum/posts/${w.fullWorkoutId}/cancel`,
    tooLow: BELOW_MEMBER,
    notOwner: 'member',
    allowed: 'author',
    allowedStatus: 200,
    at: (w) => {
      w.t.db.update(posts).set({ cancelledAt: w.t.clock.now(), cancelReason: 'Pool closed' }).where(eq(posts.id, w.fullWorkoutId)).run();
    },
  },
  {
    name: 'cancel event',
    method: 'POST',
    path: (w) => `/api/forum/posts/${w.eventId}/cancel`,
    body: () => ({ reason: 'Room double-booked' }),
    tooLow: BELOW_MEMBER,
    notOwner: 'member',
    allowed: 'author',
    allowedStatus: 200,
  },
  {
    name: 'post announcement',
    method: 'POST',
    path: () => '/api/announcements',
    body: () => ({ title: 'Pool closed Friday', body: 'The meet takes the pool.', until: '2026-03-20' }),
    tooLow: BELOW_EXEC,
    allowed: 'exec',
    allowedStatus: 201,
  },
  {
    name: 'remove announcement',
    method: 'DELETE',
    path: () => '/api/announcements/1',
    tooLow: BELOW_MEMBER,
    notOwner: 'member',
    allowed: 'author',
    allowedStatus: 200,
    at: (w) => {
      w.t.db.insert(announcements).values({ id: 1, userId: w.users.author.id, title: 'Kit order', body: 'Due Friday.', until: '2026-03-20' }).run();
    },
  },
  {
    name: 'dismiss announcement',
    method: 'POST',
    path: () => '/api/announcements/1/dismiss',
    tooLow: BELOW_MEMBER,
    allowed: 'member',
    allowedStatus: 200,
    at: (w) => {
      w.t.db.insert(announcements).values({ id: 1, userId: w.users.author.id, title: 'Kit order', body: 'Due Friday.', until: '2026-03-20' }).run();
    },
  },
  {
    name: 'post poll',
    method: 'POST',
    path: () => '/api/polls',
    body: () => ({ question: 'Which Saturday?', options: ['Mar 7', 'Mar 14'], closesDate: '2026-03-05', closesTime: '18:00' }),
    tooLow: BELOW_EXEC,
    allowed: 'exec',
    allowedStatus: 201,
  },
  {
    name: 'close poll',
    method: 'POST',
    path: () => '/api/polls/1/close',
    tooLow: BELOW_EXEC,
    allowed: 'exec',
    allowedStatus: 200,
    at: (w) => addPoll(w),
  },
  {
    name: 'answer poll',
    method: 'PUT',
    path: () => '/api/polls/1/answer',
    body: () => ({ choices: [0] }),
    tooLow: BELOW_MEMBER,
    allowed: 'member',
    allowedStatus: 200,
    at: (w) => addPoll(w),
  },
  {
    name: 'add duty',
    method: 'POST',
    path: () => '/api/duties',
    body: (w) => ({ place: 'workout', placeId: w.openWorkoutId, kind: 'Lifeguard', places: 2 }),
    tooLow: BELOW_EXEC,
    allowed: 'exec',
    allowedStatus: 201,
  },
  { name: 'remove duty', method: 'DELETE', path: () => '/api/duties/1', tooLow: BELOW_EXEC, allowed: 'exec', allowedStatus: 200, at: addDuty() },
  { name: 'claim duty', method: 'POST', path: () => '/api/duties/1/claim', tooLow: BELOW_MEMBER, allowed: 'member', allowedStatus: 200, at: addDuty() },
  { name: 'give up duty', method: 'DELETE', path: () => '/api/duties/1/claim', tooLow: BELOW_MEMBER, allowed: 'member', allowedStatus: 200, at: addDuty('member') },
  { name: 'offer duty swap', method: 'POST', path: () => '/api/duties/1/swap', tooLow: BELOW_MEMBER, allowed: 'member', allowedStatus: 200, at: addDuty('member') },
  { name: 'take duty swap', method: 'POST', path: () => '/api/duties/1/swap/take', tooLow: BELOW_MEMBER, allowed: 'member', allowedStatus: 200, at: addDuty('exec', true) },
  {
    name: 'assign duty',
    method: 'PUT',
    path: (w) => `/api/duties/1/holders/${w.users.member.id}`,
    tooLow: BELOW_EXEC,
    allowed: 'exec',
    allowedStatus: 200,
    at: addDuty(),
  },
  {
    name: 'unassign duty',
    method: 'DELETE',
    path: (w) => `/api/duties/1/holders/${w.users.member.id}`,
    tooLow: BELOW_EXEC,
    allowed: 'exec',
    allowedStatus: 200,
    at: addDuty('member'),
  },
  {
    name: 'record duty no-show',
    method: 'PUT',
    path: (w) => `/api/duties/1/holders/${w.users.member.id}/no-show`,
    body: () => ({ noShow: true }),
    tooLow: BELOW_EXEC,
    allowed: 'exec',
    allowedStatus: 200,
    at: addDuty('member', false, true),
  },
  {
    name: 'delete event',
    method: 'DELETE',
    path: (w) => `/api/forum/posts/${w.eventId}`,
    tooLow: BELOW_MEMBER,
    notOwner: 'member',
    allowed: 'author',
    allowedStatus: 200,
  },
  {
    name: 'workout signup',
    method: 'POST',
    path: (w) => `/api/forum/workouts/${w.openWorkoutId}/signup`,
    body: () => ({ signedUp: true }),
    tooLow: BELOW_MEMBER,
    allowed: 'member',
    allowedStatus: 200,
  },
  {
    name: 'workout signup cancel',
    method: 'POST',
    path: (w) => `/api/forum/workouts/${w.fullWorkoutId}/signup`,
    body: () => ({ signedUp: false }),
    tooLow: BELOW_MEMBER,
    othersOnly: 'member',
    allowed: 'filler',
    allowedStatus: 200,
  },
  {
    name: 'join waitlist',
    method: 'POST',
    path: (w) => `/api/forum/workouts/${w.fullWorkoutId}/waitlist`,
    tooLow: BELOW_MEMBER,
    allowed: 'member',
    allowedStatus: 200,
  },
  {
    name: 'move lanes',
    method: 'POST',
    path: (w) => `/api/forum/workouts/${w.fullWorkoutId}/lane`,
    body: (w) => ({
      lane: w.t.db.select().from(workoutLanes).where(eq(workoutLanes.postId, w.fullWorkoutId)).all()[1]!.id,
    }),
    // The workout gets two lanes, the filler a place in the first; the move is to the second.
    at: (w) => {
      const db = w.t.db;
      for (const [position, name] of ['Lane 1', 'Lane 2'].entries()) {
        db.insert(workoutLanes).values({ postId: w.fullWorkoutId, position, name }).run();
      }
      const first = db.select().from(workoutLanes).where(eq(workoutLanes.postId, w.fullWorkoutId)).get()!;
      db.update(workoutSignups).set({ laneId: first.id }).where(eq(workoutSignups.postId, w.fullWorkoutId)).run();
    },
    tooLow: BELOW_MEMBER,
    othersOnly: 'member',
    allowed: 'filler',
    allowedStatus: 200,
  },
  {
    name: 'leave waitlist',
    method: 'DELETE',
    path: (w) => `/api/forum/workouts/${w.fullWorkoutId}/waitlist`,
    tooLow: BELOW_MEMBER,
    othersOnly: 'member',
    allowed: 'waiter',
    allowedStatus: 200,
  },
  {
    name: 'submit attendance',
    method: 'POST',
    path: (w) => `/api/forum/workouts/${w.fullWorkoutId}/attendance`,
    body: (w) => ({ attendanceData: { [w.users.filler.id]: false } }),
    tooLow: BELOW_EXEC,
    allowed: 'exec',
    allowedStatus: 201,
    // Attendance opens when the workout starts: the fixture's workout is on FUTURE_DATE at 18:15.
    at: (w) => w.t.clock.set(Date.parse(`${FUTURE_DATE}T23:30:00Z`)),
  },
  {
    name: 'event RSVP',
    method: 'POST',
    path: (w) => `/api/forum/events/${w.eventId}/rsvp`,
    body: () => ({ status: 'going' }),
    tooLow: BELOW_MEMBER,
    allowed: 'member',
    allowedStatus: 200,
  },
  // ---------- races ----------
  {
    name: 'add race',
    method: 'POST',
    path: () => '/api/races',
    body: () => ({ name: 'Fall Classic', date: '2026-09-20', location: 'Harbour', description: 'Olympic' }),
    tooLow: BELOW_MEMBER,
    allowed: 'member',
    allowedStatus: 201,
  },
  {
    name: 'edit race',
    method: 'PUT',
    path: (w) => `/api/races/${w.raceId}`,
    body: () => ({ name: 'Renamed', date: '2026-05-18', location: 'Elsewhere', description: '' }),
    tooLow: BELOW_EXEC,
    allowed: 'exec',
    allowedStatus: 200,
  },
  {
    name: 'delete race',
    method: 'DELETE',
    path: (w) => `/api/races/${w.raceId}`,
    tooLow: BELOW_EXEC,
    allowed: 'exec',
    allowedStatus: 200,
  },
  {
    name: 'reset my calendar link (a new secret; the old feed URL stops working)',
    method: 'POST',
    path: () => '/api/me/calendar-link/reset',
    tooLow: BELOW_MEMBER,
    allowed: 'member',
    allowedStatus: 200,
  },
  {
    name: 'turn reminders off',
    method: 'PUT',
    path: () => '/api/me/notifications',
    body: () => ({ reminders: false }),
    tooLow: BELOW_MEMBER,
    allowed: 'member',
    allowedStatus: 200,
  },
  {
    name: 'turn notifications on for a device',
    method: 'PUT',
    path: () => '/api/me/notifications/devices',
    body: () => ({ ...PUSH_DEVICE, endpoint: 'https://push.example.com/send/member-laptop' }),
    tooLow: BELOW_MEMBER,
    allowed: 'member',
    allowedStatus: 200,
  },
  {
    name: "remove a device from one's notifications",
    method: 'DELETE',
    path: (w) => `/api/me/notifications/devices/${w.deviceId}`,
    tooLow: BELOW_MEMBER,
    notOwner: 'member',
    allowed: 'racer',
    allowedStatus: 200,
  },
  {
    name: 'race signup',
    method: 'POST',
    path: (w) => `/api/races/${w.raceId}/signup`,
    tooLow: BELOW_MEMBER,
    allowed: 'member',
    allowedStatus: 200,
  },
  {
    name: 'race signup cancel',
    method: 'DELETE',
    path: (w) => `/api/races/${w.raceId}/signup`,
    tooLow: BELOW_MEMBER,
    othersOnly: 'member',
    allowed: 'racer',
    allowedStatus: 200,
  },
  // ---------- race weekend ----------
  {
    name: 'enter a race at a distance',
    method: 'PUT',
    path: (w) => `/api/races/${w.raceId}/entry`,
    body: () => ({ distance: 'Sprint', wave: '07:40' }),
    at: raceDistances,
    tooLow: BELOW_MEMBER,
    allowed: 'member',
    allowedStatus: 200,
  },
  {
    name: 'offer a lift',
    method: 'POST',
    path: (w) => `/api/races/${w.raceId}/lifts`,
    body: () => liftBody,
    at: racerLift(),
    tooLow: BELOW_MEMBER,
    refused: [{ as: 'racer', why: 'a second lift of one driver to one race', status: 409 }],
    allowed: 'member',
    allowedStatus: 201,
  },
  {
    name: "change one's lift",
    method: 'PUT',
    path: (w) => `/api/races/${w.raceId}/lifts/${liftId}`,
    body: () => liftBody,
    at: racerLift(),
    tooLow: BELOW_MEMBER,
    notOwner: 'member',
    allowed: 'racer',
    allowedStatus: 200,
  },
  {
    name: "withdraw one's lift",
    method: 'DELETE',
    path: (w) => `/api/races/${w.raceId}/lifts/${liftId}`,
    at: racerLift(),
    tooLow: BELOW_MEMBER,
    notOwner: 'member',
    allowed: 'racer',
    allowedStatus: 200,
  },
  {
    name: 'take a seat in a lift',
    method: 'POST',
    path: (w) => `/api/races/${w.raceId}/lifts/${liftId}/seat`,
    at: racerLift(),
    tooLow: BELOW_MEMBER,
    allowed: 'member',
    allowedStatus: 200,
  },
  {
    name: 'give back a seat',
    method: 'DELETE',
    path: (w) => `/api/races/${w.raceId}/lifts/${liftId}/seat`,
    at: racerLift([{ who: 'member', kind: 'seat' }]),
    tooLow: BELOW_MEMBER,
    othersOnly: 'exec',
    allowed: 'member',
    allowedStatus: 200,
  },
  {
    name: 'take a bike spot in a lift',
    method: 'POST',
    path: (w) => `/api/races/${w.raceId}/lifts/${liftId}/bike-spot`,
    at: racerLift(),
    tooLow: BELOW_MEMBER,
    allowed: 'member',
    allowedStatus: 200,
  },
  {
    name: 'give back a bike spot',
    method: 'DELETE',
    path: (w) => `/api/races/${w.raceId}/lifts/${liftId}/bike-spot`,
    at: racerLift([{ who: 'member', kind: 'bike' }]),
    tooLow: BELOW_MEMBER,
    othersOnly: 'exec',
    allowed: 'member',
    allowedStatus: 200,
  },
  {
    name: 'say one is looking for a lift',
    method: 'POST',
    path: (w) => `/api/races/${w.raceId}/looking-for-lift`,
    tooLow: BELOW_MEMBER,
    allowed: 'member',
    allowedStatus: 200,
  },
  {
    name: 'no longer looking for a lift',
    method: 'DELETE',
    path: (w) => `/api/races/${w.raceId}/looking-for-lift`,
    at: (w) => {
      w.t.database.sqlite.prepare('insert into race_lift_seekers (race_id, user_id) values (?, ?)').run(w.raceId, w.users.racer.id);
    },
    tooLow: BELOW_MEMBER,
    othersOnly: 'member',
    allowed: 'racer',
    allowedStatus: 200,
  },
  {
    name: "enter one's race result",
    method: 'PUT',
    path: (w) => `/api/races/${w.raceId}/result`,
    body: () => resultBody,
    at: raceDay,
    tooLow: BELOW_MEMBER,
    refused: [
      { as: 'exec', why: 'a member who did not enter the race', status: 409 },
      { as: 'racer', why: 'a race still to come', path: () => `/api/races/${laterRaceId}/result`, status: 409 },
    ],
    allowed: 'member',
    allowedStatus: 200,
  },
  {
    name: "enter or correct someone else's race result",
    method: 'PUT',
    path: (w) => `/api/races/${w.raceId}/results/${w.users.racer.id}`,
    body: () => resultBody,
    at: (w) => {
      raceDay(w);
      for (const who of ['pending', 'rejected', 'expired'] as const) w.t.db.insert(raceSignups).values({ raceId: w.raceId, userId: w.users[who].id }).run();
    },
    tooLow: BELOW_EXEC,
    refused: [
      { as: 'exec', why: 'a pending account, signed up', path: (w) => `/api/races/${w.raceId}/results/${w.users.pending.id}`, status: 409 },
      { as: 'exec', why: 'a rejected account, signed up', path: (w) => `/api/races/${w.raceId}/results/${w.users.rejected.id}`, status: 409 },
      { as: 'exec', why: 'an ended membership, signed up', path: (w) => `/api/races/${w.raceId}/results/${w.users.expired.id}`, status: 409 },
      { as: 'exec', why: 'a member not entered', path: (w) => `/api/races/${w.raceId}/results/${w.users.author.id}`, status: 409 },
      { as: 'exec', why: 'a race still to come', path: (w) => `/api/races/${laterRaceId}/results/${w.users.racer.id}`, status: 409 },
    ],
    allowed: 'exec',
    allowedStatus: 200,
  },
  // ---------- passkeys (the world's APP_URL has them off: each row turns them on first) ----------
  {
    name: 'ask to add a passkey (a challenge of my own)',
    method: 'POST',
    path: () => '/api/passkeys/options',
    body: () => ({}),
    at: passkeysOn,
    tooLow: [],
    allowed: 'pending',
    allowedStatus: 200,
  },
  {
    name: 'add a passkey (with my own challenge only)',
    method: 'POST',
    path: () => '/api/passkeys',
    body: () => ({ response: CREATED }),
    at: (w) => {
      passkeysOn(w);
      const expiresAt = w.t.clock.now() + 60_000;
      w.t.db.insert(passkeyChallenges).values({ challenge: CHALLENGE, purpose: 'register', userId: w.users.pending.id, userHandle: 'aGFuZGxl', expiresAt }).run();
    },
    tooLow: [],
    othersOnly: 'member',
    allowed: 'pending',
    allowedStatus: 201,
  },
  {
    name: "rename one's passkey",
    method: 'PUT',
    path: () => `/api/passkeys/${racerPasskey}`,
    body: () => ({ name: 'Renamed' }),
    at: givePasskey('racer'),
    tooLow: [],
    notOwner: 'member',
    allowed: 'racer',
    allowedStatus: 200,
  },
  {
    name: "remove one's passkey",
    method: 'DELETE',
    path: () => `/api/passkeys/${racerPasskey}`,
    at: givePasskey('racer'),
    tooLow: [],
    notOwner: 'admin',
    allowed: 'racer',
    allowedStatus: 200,
  },
  {
    name: "remove a member's passkeys",
    method: 'DELETE',
    path: (w) => `/api/admin/members/${w.users.target.id}/passkeys`,
    at: givePasskey('target'),
    tooLow: BELOW_ADMIN,
    allowed: 'admin',
    allowedStatus: 200,
  },
  // ---------- team profiles ----------
  {
    name: 'edit team profile',
    method: 'PUT',
    path: () => '/api/profiles/swim-coach',
    body: () => ({ name: 'Mallory', bio: 'Not a coach', image: '', email: 'mallory@evil.test' }),
    tooLow: BELOW_EXEC,
    allowed: 'exec',
    allowedStatus: 200,
  },
  // ---------- the club's settings and texts (administrators; pages also execs when allowed) ----------
  {
    name: 'publish a club document',
    method: 'PUT',
    path: () => '/api/club/documents/permissions',
    body: () => ({ body: { execsEditPages: true }, version: 0 }),
    tooLow: BELOW_ADMIN,
    allowed: 'admin',
    allowedStatus: 200,
  },
  {
    // Execs too once an administrator allows it (api/club/page-documents.test.ts); by default not.
    name: 'upload a home page photo',
    method: 'POST',
    path: () => '/api/club/photos',
    body: async () => pictureForm(await smallPng(), 'photo.png', 'image/png', 'photo'),
    tooLow: BELOW_ADMIN,
    allowed: 'admin',
    allowedStatus: 201,
    changes: false,
  },
  {
    name: 'restore a version of a club document',
    method: 'POST',
    path: () => '/api/club/documents/permissions/versions/0/restore',
    body: () => ({ version: 0 }),
    tooLow: BELOW_ADMIN,
    allowed: 'admin',
    allowedStatus: 200,
  },
  {
    name: "upload the club's logo",
    method: 'POST',
    path: () => '/api/club/logo',
    body: async () => pictureForm(await smallPng(), 'logo.png', 'image/png', 'logo'),
    tooLow: BELOW_ADMIN,
    allowed: 'admin',
    allowedStatus: 200,
    // Files only: the logo is in force once the club document is published with its URL.
    changes: false,
  },
  {
    name: "upload a team card's picture",
    method: 'POST',
    path: () => '/api/profiles/picture',
    body: async () => pictureForm(await smallPng(), 'coach.png', 'image/png', 'picture'),
    tooLow: BELOW_EXEC,
    allowed: 'exec',
    allowedStatus: 200,
    // Files only: the card shows the picture once saved with its URL.
    changes: false,
  },
  // ---------- payments (who handles the money: administrators, and the execs the club names) ----------
  {
    name: 'record money handed over',
    method: 'POST',
    path: () => '/api/payments/record',
    body: (w) => ({ userId: w.users.target.id, package: 'Full Tri', method: 'cash', receipt: '0042' }),
    tooLow: BELOW_ADMIN,
    allowed: 'admin',
    allowedStatus: 201,
  },
  {
    name: 'refund a payment',
    method: 'POST',
    path: () => `/api/payments/${paidPayment}/refunds`,
    body: () => ({ amountCents: 1000, reason: 'Overpaid' }),
    at: givePaidPayment,
    tooLow: BELOW_ADMIN,
    allowed: 'admin',
    allowedStatus: 200,
  },
  {
    // A safety card and the waiver are asked for at joining: a pending account keeps its own.
    name: 'save own safety card',
    method: 'PUT',
    path: () => '/api/safety/me',
    body: () => ({ contacts: [{ name: 'Sam Parent', relation: 'Parent', phone: '(416) 555-0177' }], flags: [], notes: '', consent: true }),
    tooLow: ['publicUser'],
    allowed: 'pending',
    allowedStatus: 200,
  },
  {
    name: 'remove own safety card',
    method: 'DELETE',
    path: () => '/api/safety/me',
    tooLow: ['publicUser'],
    allowed: 'pending',
    allowedStatus: 200,
    changes: false,
  },
  {
    name: 'sign the waiver',
    method: 'POST',
    path: () => '/api/safety/waiver',
    body: () => ({ fullName: 'The member', version: '0' }),
    tooLow: ['publicUser'],
    allowed: 'member',
    allowedStatus: 201,
  },
  {
    name: 'record a safety card opened offline',
    method: 'POST',
    path: () => '/api/safety/openings',
    body: (w) => ({ userId: w.users.member.id, openedAt: w.t.clock.now() }),
    tooLow: BELOW_EXEC,
    allowed: 'exec',
    allowedStatus: 201,
    changes: false,
  },
  {
    name: 'set a member’s own price',
    method: 'PUT',
    path: (w) => `/api/payments/members/${w.users.target.id}/price`,
    body: () => ({ exempt: true, reason: 'Life member' }),
    tooLow: BELOW_ADMIN,
    allowed: 'admin',
    allowedStatus: 200,
  },
  {
    name: 'ask members for a payment',
    method: 'POST',
    path: () => '/api/payments/requests',
    body: () => ({ title: 'Club kit', amountCents: 4000, dueDate: '2026-12-01' }),
    tooLow: BELOW_ADMIN,
    allowed: 'admin',
    allowedStatus: 201,
  },
  {
    name: 'remind those who owe',
    method: 'POST',
    path: () => '/api/payments/reminders',
    tooLow: BELOW_ADMIN,
    allowed: 'admin',
    allowedStatus: 200,
  },
  {
    name: 'clear a member’s own price',
    method: 'DELETE',
    path: (w) => `/api/payments/members/${w.users.target.id}/price`,
    tooLow: BELOW_ADMIN,
    allowed: 'admin',
    allowedStatus: 200,
    changes: false,
  },
  {
    // Any account may pay, a pending one first of all; with no Stripe key the club takes money by hand.
    name: 'start a checkout',
    method: 'POST',
    path: () => '/api/payments/checkout',
    body: () => ({ package: 'Full Tri' }),
    tooLow: [],
    allowed: 'pending',
    allowedStatus: 409,
    changes: false,
  },
  {
    name: 'come back from a checkout',
    method: 'POST',
    path: () => '/api/payments/return',
    body: () => ({ sessionId: 'cs_test_someone_elses' }),
    tooLow: [],
    allowed: 'pending',
    allowedStatus: 409,
    changes: false,
  },
];

describe('every mutating route refuses callers without the right', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, rc) => {
    const w = await buildWorld();
    const { t } = w;
    rc.at?.(w);
    const path = rc.path(w);
    const call = async (token: string | undefined) =>
      t.call(rc.method, path, {
        ...(token ? { token } : {}),
        ...(rc.body ? { body: await rc.body(w) } : {}),
        ...(rc.headers ? { headers: rc.headers } : {}),
      });
    const before = snapshot(t);
    const seen: string[] = [];

    const anonymous = await call(undefined);
    seen.push(`anonymous ${anonymous.status}`);
    expect(anonymous.body).toEqual({ error: expect.any(String) });

    for (const actor of [...rc.tooLow, 'rejected' as const]) {
      const res = await call(w.users[actor].token);
      seen.push(`${actor} ${res.status}`);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    expect(seen).toEqual(['anonymous 401', ...[...rc.tooLow, 'rejected'].map((a) => `${a} 403`)]);

    if (rc.notOwner) {
      const res = await call(w.users[rc.notOwner].token);
      expect([403, 404]).toContain(res.status);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    if (rc.othersOnly) {
      const res = await call(w.users[rc.othersOnly].token);
      expect(res.status).toBeLessThan(500);
    }
    for (const refusal of rc.refused ?? []) {
      const res = await t.call(rc.method, refusal.path ? refusal.path(w) : path, {
        token: w.users[refusal.as].token,
        ...(rc.body ? { body: await rc.body(w) } : {}),
      });
      expect(`${refusal.why}: ${res.status}`).toBe(`${refusal.why}: ${refusal.status}`);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    expect(snapshot(t)).toEqual(before);

    const rightful = await call(w.users[rc.allowed].token);
    expect(rightful.status, JSON.stringify(rightful.body)).toBe(rc.allowedStatus);
    if (rc.changes === false) expect(snapshot(t)).toEqual(before);
    else expect(snapshot(t)).not.toEqual(before);
  });

  it('covers every mutating route the app mounts', async () => {
    const w = await buildWorld();
    const mounted = new Set(
      w.t.app.routes
        .filter((r) => ['POST', 'PUT', 'DELETE', 'PATCH'].includes(r.method))
        .map((r) => `${r.method} ${r.path}`),
    );
    const publicByDesign = [
      'POST /api/auth/register',
      'POST /api/auth/login',
      'POST /api/auth/forgot-password',
      'POST /api/auth/reset-password',
      // Reads only (whether a reset link still works); limited per address like the routes above.
      'POST /api/auth/reset-password/check',
      // Passkey sign-in, limited like the password sign-in (api/security/passkey-sign-in-limits.test.ts).
      'POST /api/auth/passkey/options',
      'POST /api/auth/passkey/login',
      // The first run of an empty club: open only while it has no account (api/setup/setup.test.ts).
      'POST /api/setup',
      // Stripe's: its signature is the credential (api/payments/webhook.test.ts).
      'POST /api/payments/stripe/webhook',
    ];
    const covered = new Set([
      ...publicByDesign,
      'POST /api/users/accept-charter',
      'POST /api/auth/logout',
      'PUT /api/users/profile',
      'POST /api/users/profile-picture',
      'POST /api/users/mark-role-notification-read',
      'PUT /api/admin/members/:id/approve',
      'PUT /api/admin/members/:id/reject',
      'PUT /api/admin/members/:id/update',
      'DELETE /api/admin/members/:id',
      'POST /api/admin/notify-role-change',
      'POST /api/admin/members/import',
      'POST /api/admin/members/bulk',
      'POST /api/admin/renewals/approve',
      'POST /api/admin/renewals/:id/decline',
      'POST /api/me/renewal',
      'POST /api/forum/posts',
      'PUT /api/forum/posts/:id',
      'DELETE /api/forum/posts/:id',
      'POST /api/forum/posts/:id/cancel',
      'DELETE /api/forum/posts/:id/cancel',
      'POST /api/announcements',
      'DELETE /api/announcements/:id',
      'POST /api/announcements/:id/dismiss',
      'POST /api/polls',
      'POST /api/polls/:id/close',
      'PUT /api/polls/:id/answer',
      'POST /api/duties',
      'DELETE /api/duties/:id',
      'POST /api/duties/:id/claim',
      'DELETE /api/duties/:id/claim',
      'POST /api/duties/:id/swap',
      'POST /api/duties/:id/swap/take',
      'PUT /api/duties/:id/holders/:userId',
      'DELETE /api/duties/:id/holders/:userId',
      'PUT /api/duties/:id/holders/:userId/no-show',
      'PUT /api/safety/me',
      'DELETE /api/safety/me',
      'POST /api/safety/waiver',
      'POST /api/safety/openings',
      'POST /api/forum/workouts/:id/signup',
      'POST /api/forum/workouts/:id/waitlist',
      'POST /api/forum/workouts/:id/lane',
      'DELETE /api/forum/workouts/:id/waitlist',
      'POST /api/forum/workouts/:id/attendance',
      'POST /api/forum/events/:id/rsvp',
      'POST /api/races',
      'PUT /api/races/:id',
      'DELETE /api/races/:id',
      'POST /api/races/:id/signup',
      'DELETE /api/races/:id/signup',
      'PUT /api/races/:id/entry',
      'POST /api/races/:id/lifts',
      'PUT /api/races/:id/lifts/:liftId',
      'DELETE /api/races/:id/lifts/:liftId',
      'POST /api/races/:id/lifts/:liftId/seat',
      'DELETE /api/races/:id/lifts/:liftId/seat',
      'POST /api/races/:id/lifts/:liftId/bike-spot',
      'DELETE /api/races/:id/lifts/:liftId/bike-spot',
      'POST /api/races/:id/looking-for-lift',
      'DELETE /api/races/:id/looking-for-lift',
      'PUT /api/races/:id/result',
      'PUT /api/races/:id/results/:userId',
      'PUT /api/profiles/:id',
      'POST /api/profiles/picture',
      'POST /api/me/calendar-link/reset',
      'PUT /api/me/notifications',
      'PUT /api/me/notifications/devices',
      'DELETE /api/me/notifications/devices/:id',
      'POST /api/passkeys/options',
      'POST /api/passkeys',
      'PUT /api/passkeys/:id',
      'DELETE /api/passkeys/:id',
      'DELETE /api/admin/members/:id/passkeys',
      'DELETE /api/me',
      'PUT /api/club/documents/:key',
      'POST /api/club/documents/:key/versions/:version/restore',
      'POST /api/club/logo',
      'POST /api/club/photos',
      'POST /api/payments/record',
      'POST /api/payments/:id/refunds',
      'PUT /api/payments/members/:id/price',
      'DELETE /api/payments/members/:id/price',
      'POST /api/payments/requests',
      'POST /api/payments/reminders',
      'POST /api/payments/checkout',
      'POST /api/payments/return',
    ]);
    // A new mutating route must be added to the table above (and to CASES) before this passes.
    expect([...mounted].sort()).toEqual([...covered].sort());
  });
});

describe('the auth routes are public by design and ignore a bad token', () => {
  it('signs in and asks for a reset with a forged Authorization header', async () => {
    const w = await buildWorld();
    const headers = { authorization: 'Bearer not.a.token' };
    const login = await w.t.login('member@club.test', TEST_PASSWORD, headers);
    expect(login.status).toBe(200);
    const forgot = await w.t.call('POST', '/api/auth/forgot-password', { headers, body: { email: 'member@club.test' } });
    expect(forgot.status).toBe(200);
  });
});
