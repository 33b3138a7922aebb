// The whole data model. Times are epoch milliseconds (integer); calendar dates are 'YYYY-MM-DD' and
// clock times 'HH:MM' in the club time zone, stored as text so they never shift.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    // public | pending | member | exec | administrator | rejected
    role: text('role').notNull().default('pending'),
    phoneNumber: text('phone_number'),
    bio: text('bio'),
    profilePictureUrl: text('profile_picture_url'),
    charterAcceptedAt: integer('charter_accepted_at'),
    // What the member's profile states they are qualified for, one per line (e.g. 'NLS lifeguard'): some duties ask for one.
    qualifications: text('qualifications'),
    charterVersion: text('charter_version'),
    joinDate: text('join_date'),
    expiryDate: text('expiry_date'),
    absences: integer('absences').notNull().default(0),
    suspendedUntil: integer('suspended_until'),
    // Bumped on password reset: every token issued before stops working.
    tokenVersion: integer('token_version').notNull().default(0),
    // The random secret in the personal calendar feed's URL (docs/decisions/0042-calendar-feeds.md); null until asked for.
    calendarToken: text('calendar_token'),
    // Reminders before a workout and for an unanswered event, by push or email; on by default.
    remindersEnabled: integer('reminders_enabled', { mode: 'boolean' }).notNull().default(true),
    // The member's own paces, optional, so a workout suggests a lane (domain/paces.ts): seconds per
    // 100 m swum, seconds per km run, km/h ridden, seconds per 500 m rowed.
    swimPace: integer('swim_pace'),
    runPace: integer('run_pace'),
    rideSpeed: real('ride_speed'),
    rowPace: integer('row_pace'),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

export const passwordResets = sqliteTable(
  'password_resets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('password_resets_token_unique').on(t.tokenHash)],
);

export const teamProfiles = sqliteTable('team_profiles', {
  // The card of whoever holds a position: its id is the position's (the `team-positions` document),
  // whose title and order the team page shows; `role` and `sort_order` keep what was last written.
  id: text('id').primaryKey(),
  name: text('name').notNull().default(''),
  bio: text('bio').notNull().default(''),
  image: text('image').notNull().default(''),
  email: text('email').notNull().default(''),
  // Display title of the position, e.g. 'Swim Coach'.
  role: text('role').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: integer('updated_at').notNull().default(now),
});

export const posts = sqliteTable(
  'posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    // Author; null once the author's account is deleted (the post stays).
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(), // workout | event
    title: text('title').notNull(),
    content: text('content').notNull(),
    workoutType: text('workout_type'),
    workoutDate: text('workout_date'),
    workoutTime: text('workout_time'),
    capacity: integer('capacity'),
    // Optional for workouts: where it happens, free text ('' or null: no place given).
    workoutLocation: text('workout_location'),
    eventDate: text('event_date'),
    // Optional for events: 'HH:MM' in the club zone ('' or null: all day) and a free-text place.
    eventTime: text('event_time'),
    eventLocation: text('event_location'),
    // How long it lasts, in minutes, when an exec gave an end time; null: its kind's usual length
    // (domain/durations.ts). A workout's and a timed event's end is its start plus this.
    durationMinutes: integer('duration_minutes'),
    // An event's fee in whole minor units of fee_currency, owed by whoever answers Going; 0: free.
    feeCents: integer('fee_cents').notNull().default(0),
    feeCurrency: text('fee_currency').notNull().default(''),
    // Bumped on every edit: the calendar feeds' SEQUENCE (RFC 5545 §3.8.7.4).
    revision: integer('revision').notNull().default(0),
    // Workouts created together as a weekly series share this id (random, opaque); null otherwise.
    seriesId: text('series_id'),
    // Cancelled (not deleted): the post stays, marked with the exec's one-line reason; null while on.
    cancelledAt: integer('cancelled_at'),
    cancelReason: text('cancel_reason'),
    // When an edit last changed its date, time or place (the screens mark it "Moved"); null if never.
    movedAt: integer('moved_at'),
    createdAt: integer('created_at').notNull().default(now),
    updatedAt: integer('updated_at').notNull().default(now),
  },
  (t) => [
    index('posts_type_idx').on(t.type, t.workoutDate, t.eventDate),
    index('posts_series_idx').on(t.seriesId, t.workoutDate),
  ],
);

// A workout's lanes by pace (domain/lanes.ts): each has its own places and its own waitlist. A
// workout with no rows here is one pool of places, as it always was.
export const workoutLanes = sqliteTable(
  'workout_lanes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    // 0-based order on the workout's page ("Lane 1" first).
    position: integer('position').notNull(),
    name: text('name').notNull(),
    // The pace band as the exec wrote it ("1:30–1:50 per 100 m"), '' if none.
    pace: text('pace').notNull().default(''),
    // The band in numbers, in the sport's unit (domain/lanes.ts PACE_UNITS); null: open on that side.
    paceFrom: real('pace_from'),
    paceTo: real('pace_to'),
    paceUnit: text('pace_unit'),
    // null: no limit in this lane.
    capacity: integer('capacity'),
  },
  (t) => [index('workout_lanes_post_idx').on(t.postId, t.position)],
);

export const workoutSignups = sqliteTable(
  'workout_signups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    // No foreign key, like attendance_records: a deleted account's sign-ups for workouts that have
    // started stay (without a name) so the club's counts and reports keep adding up; its sign-ups
    // for workouts still to come are cancelled by api/accounts/account-deletion.ts.
    userId: integer('user_id').notNull(),
    signupTime: integer('signup_time').notNull().default(now),
    // The lane of a workout with lanes; null on a workout without.
    laneId: integer('lane_id'),
  },
  (t) => [uniqueIndex('workout_signups_unique').on(t.postId, t.userId)],
);

export const waitlistEntries = sqliteTable(
  'waitlist_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: integer('joined_at').notNull().default(now),
    // The lane waited for on a workout with lanes (a member with a place may wait for another lane).
    laneId: integer('lane_id'),
  },
  (t) => [uniqueIndex('waitlist_unique').on(t.postId, t.userId)],
);

// One row per workout whose attendance was submitted: the first submission wins, forever.
export const attendanceSubmissions = sqliteTable('attendance_submissions', {
  postId: integer('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
  submittedByName: text('submitted_by_name').notNull(),
  submittedAt: integer('submitted_at').notNull().default(now),
});

export const attendanceRecords = sqliteTable(
  'attendance_records',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    present: integer('present', { mode: 'boolean' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

// Why each absence was counted; the unique pair stops one workout counting twice.
export const absenceLog = sqliteTable(
  'absence_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(), // late-cancel | no-show
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('absence_unique').on(t.userId, t.postId)],
);

export const eventRsvps = sqliteTable(
  'event_rsvps',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(), // going | maybe | not_going
    rsvpTime: integer('rsvp_time').notNull().default(now),
  },
  (t) => [uniqueIndex('event_rsvps_unique').on(t.postId, t.userId)],
);

export const races = sqliteTable('races', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  date: text('date').notNull(),
  location: text('location').notNull().default(''),
  description: text('description').notNull().default(''),
  // The distances one may enter (e.g. Sprint, Olympic, 70.3), as a JSON array of names in the exec's order.
  distances: text('distances').notNull().default('[]'),
  // The race's legs, whose splits a result gives (domain/races/race-results.ts), as a JSON array of names in
  // order; a race added before races had legs of their own is a triathlon's five.
  legs: text('legs').notNull().default('["Swim","T1","Bike","T2","Run"]'),
  // The entry fee in whole minor units of fee_currency, owed by whoever enters; 0: free.
  feeCents: integer('fee_cents').notNull().default(0),
  feeCurrency: text('fee_currency').notNull().default(''),
  // Bumped on every edit: the calendar feeds' SEQUENCE.
  revision: integer('revision').notNull().default(0),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: integer('created_at').notNull().default(now),
});

export const raceSignups = sqliteTable(
  'race_signups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signupTime: integer('signup_time').notNull().default(now),
    // The member's entry: which of the race's distances, and their wave or start time if they know it.
    distance: text('distance'),
    wave: text('wave').notNull().default(''),
  },
  (t) => [uniqueIndex('race_signups_unique').on(t.raceId, t.userId)],
);

// A race entry let go because its fee was not paid within the club's hold: the member is told once,
// and the race's page says so, until they enter again.
export const raceEntryReleases = sqliteTable(
  'race_entry_releases',
  {
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    releasedAt: integer('released_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.userId] })],
);

/** A lift a member offers to a race: seats and bike-rack spots are counted apart. */
export const raceLifts = sqliteTable('race_lifts', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  raceId: integer('race_id')
    .notNull()
    .references(() => races.id, { onDelete: 'cascade' }),
  driverId: integer('driver_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  leavingFrom: text('leaving_from').notNull(),
  // 'YYYY-MM-DDTHH:MM' in the club's time zone.
  leavingAt: text('leaving_at').notNull(),
  seats: integer('seats').notNull(),
  bikeSpots: integer('bike_spots').notNull(),
  note: text('note').notNull().default(''),
  createdAt: integer('created_at').notNull().default(now),
});

/** A place taken in a lift: kind 'seat' or 'bike' (a member may take one of each). */
export const raceLiftPlaces = sqliteTable(
  'race_lift_places',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    liftId: integer('lift_id')
      .notNull()
      .references(() => raceLifts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['seat', 'bike'] }).notNull(),
    takenAt: integer('taken_at').notNull().default(now),
  },
  (t) => [uniqueIndex('race_lift_places_unique').on(t.liftId, t.userId, t.kind)],
);

/** Members without a lift who said so: drivers see them. */
export const raceLiftSeekers = sqliteTable(
  'race_lift_seekers',
  {
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    since: integer('since').notNull().default(now),
  },
  (t) => [uniqueIndex('race_lift_seekers_unique').on(t.raceId, t.userId)],
);

/** A member's result in a race (one per member and race); times in whole seconds. */
export const raceResults = sqliteTable(
  'race_results',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    distance: text('distance').notNull(),
    finishSeconds: integer('finish_seconds').notNull(),
    // The splits, one per leg of the race when it was entered: a JSON array of { leg, seconds }
    // (seconds null where none was given), read against the race's legs (domain/races/race-results.ts).
    splits: text('splits').notNull().default('[]'),
    placing: integer('placing'),
    enteredBy: integer('entered_by').references(() => users.id, { onDelete: 'set null' }),
    enteredAt: integer('entered_at').notNull().default(now),
  },
  (t) => [uniqueIndex('race_results_unique').on(t.raceId, t.userId)],
);

export const roleChangeNotifications = sqliteTable('role_change_notifications', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  oldRole: text('old_role').notNull(),
  newRole: text('new_role').notNull(),
  createdAt: integer('created_at').notNull().default(now),
  readAt: integer('read_at'),
});

// The message queue: emails and Web Push notifications, told apart by `channel`
// (docs/decisions/0060-push-and-reminders.md). A message is written here in the same transaction
// as the change that causes it, then delivered after commit with retries, so a rolled-back change
// sends nothing and a failed delivery never fails the change. With no mail provider configured this
// table is the club's mailbox (Admin > Messages).
export const messageQueue = sqliteTable(
  'message_queue',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    channel: text('channel').notNull().default('email'), // email | push
    // An email's address; for a push, the member's email (who it is for, as the Messages tab shows it).
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    // A push: the device it goes to (gone when the device is removed: the push is then dropped) and
    // the page a tap opens.
    subscriptionId: integer('subscription_id').references(() => pushSubscriptions.id, { onDelete: 'set null' }),
    url: text('url'),
    // Sent at most once: a reminder's key (kind, item, member, device), so a second pass, a restart or a
    // second process started by mistake cannot queue it again.
    dedupeKey: text('dedupe_key'),
    status: text('status').notNull().default('pending'), // pending | sending (claimed by a process) | sent | logged | failed | dropped
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at').notNull().default(0),
    lastError: text('last_error'),
    providerId: text('provider_id'),
    sentAt: integer('sent_at'),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [
    index('message_queue_status_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('message_queue_dedupe_unique').on(t.dedupeKey),
  ],
);

// Web Push subscriptions: one per member and device (browser profile). The endpoint is the
// push service's URL for that device; p256dh and auth are the keys a payload is encrypted with.
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    // "Chrome on Android": shown in the member's list of devices and in the Messages tab.
    label: text('label').notNull(),
    // What this device wants (docs/decisions/0060): a place freed for me, reminders, new workouts.
    placeFreed: integer('place_freed', { mode: 'boolean' }).notNull().default(true),
    reminders: integer('reminders', { mode: 'boolean' }).notNull().default(true),
    newWorkouts: integer('new_workouts', { mode: 'boolean' }).notNull().default(false),
    announcements: integer('announcements', { mode: 'boolean' }).notNull().default(true),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

// A deleted workout or event, kept a while (domain/rules.ts TOMBSTONE_DAYS) so the calendar feeds
// publish it as cancelled and subscribed calendars drop it. `members`: who had it in their own feed.
export const postTombstones = sqliteTable(
  'post_tombstones',
  {
    postId: integer('post_id').primaryKey(),
    type: text('type').notNull(), // workout | event
    title: text('title').notNull(),
    date: text('date').notNull(),
    time: text('time').notNull().default(''),
    location: text('location').notNull().default(''),
    revision: integer('revision').notNull(),
    deletedAt: integer('deleted_at').notNull(),
  },
  (t) => [index('post_tombstones_deleted_idx').on(t.deletedAt)],
);

export const postTombstoneMembers = sqliteTable(
  'post_tombstone_members',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => postTombstones.postId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_tombstone_members_user_idx').on(t.userId)],
);

// Club announcements: short notes from the execs, shown to members until `until` (a club date).
export const announcements = sqliteTable(
  'announcements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    until: text('until').notNull(),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [index('announcements_until_idx').on(t.until)],
);
export type AnnouncementRow = typeof announcements.$inferSelect;

// Which member dismissed which announcement: dismissed on one phone, it is gone from all of theirs.
export const announcementDismissals = sqliteTable(
  'announcement_dismissals',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dismissedAt: integer('dismissed_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] }), index('announcement_dismissals_user_idx').on(t.userId)],
);

// Quick polls (docs/decisions/0150-polls.md). `options` is a JSON array of strings; a date poll's are
// club-local 'YYYY-MM-DDTHH:MM'. `place` is home | workout | event | race, `place_id` the post's or
// race's id (null on Home). `answered_count` is kept here, not counted from poll_responders, so the
// count stays when a member who answered deletes their account.
export const polls = sqliteTable(
  'polls',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    kind: text('kind').notNull().default('choice'),
    options: text('options').notNull(),
    multiple: integer('multiple', { mode: 'boolean' }).notNull().default(false),
    anonymous: integer('anonymous', { mode: 'boolean' }).notNull().default(false),
    resultsShown: text('results_shown').notNull().default('after_answer'),
    closesAt: integer('closes_at').notNull(),
    place: text('place').notNull().default('home'),
    placeId: integer('place_id'),
    answeredCount: integer('answered_count').notNull().default(0),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [index('polls_place_idx').on(t.place, t.placeId), index('polls_closes_idx').on(t.closesAt)],
);
export type PollRow = typeof polls.$inferSelect;

// How many chose each option. The only record of an anonymous poll's choices: a count per option,
// with no row per answer, no time and no order, so nothing ties a choice to who made it.
export const pollTallies = sqliteTable(
  'poll_tallies',
  {
    pollId: integer('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    option: integer('option').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.option] })],
);

// Who has answered a poll (named or anonymous), and when; never what they chose.
export const pollResponders = sqliteTable(
  'poll_responders',
  {
    pollId: integer('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answeredAt: integer('answered_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId] }), index('poll_responders_user_idx').on(t.userId)],
);

// Who chose what, in a named poll only.
export const pollChoices = sqliteTable(
  'poll_choices',
  {
    pollId: integer('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    option: integer('option').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId, t.option] }), index('poll_choices_user_idx').on(t.userId)],
);

// Duties on what the club runs (docs/decisions/0151-duties.md): a kind from the club's `duties`
// document, a number of places, who may take it, and its span (epoch ms), copied from its workout's,
// event's or race's time when it was added. `place` is workout | event | race.
export const duties = sqliteTable(
  'duties',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    place: text('place').notNull(),
    placeId: integer('place_id').notNull(),
    kind: text('kind').notNull(),
    places: integer('places').notNull().default(1),
    // members | execs | qualified
    eligibility: text('eligibility').notNull().default('members'),
    qualification: text('qualification'),
    startsAt: integer('starts_at').notNull(),
    endsAt: integer('ends_at').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [index('duties_place_idx').on(t.place, t.placeId), index('duties_starts_idx').on(t.startsAt)],
);
export type DutyRow = typeof duties.$inferSelect;

// Who holds a place of a duty. `swap_offered_at`: the holder asked for a swap after the cut-off; the
// first eligible member to take it holds the place instead. `no_show_at`: recorded by an exec once it
// started, the holder did not turn up.
export const dutyHolders = sqliteTable(
  'duty_holders',
  {
    dutyId: integer('duty_id')
      .notNull()
      .references(() => duties.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    takenAt: integer('taken_at').notNull().default(now),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    swapOfferedAt: integer('swap_offered_at'),
    // An exec recorded that the holder did not turn up for the duty (not an absence from the session).
    noShowAt: integer('no_show_at'),
  },
  (t) => [primaryKey({ columns: [t.dutyId, t.userId] }), index('duty_holders_user_idx').on(t.userId)],
);

// Safety cards (docs/decisions/0152-safety-cards.md): a member's emergency contacts and health notes,
// held as health data: shared only with the execs and administrators running their sessions, every
// opening recorded, removed a club-set time after the membership ends. `contacts` and `flags` are JSON
// arrays; `consent_mark` is the fingerprint of the consent's words the member agreed to;
// `confirmed_term` the term they last confirmed it in.
export const safetyCards = sqliteTable('safety_cards', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contacts: text('contacts').notNull(),
  flags: text('flags').notNull().default('[]'),
  notes: text('notes').notNull().default(''),
  consentMark: text('consent_mark'),
  confirmedTerm: text('confirmed_term').notNull(),
  updatedAt: integer('updated_at').notNull().default(now),
});
export type SafetyCardRow = typeof safetyCards.$inferSelect;

// Each signature of the club's waiver: the typed full name, the version signed and the term it was signed in.
export const waiverSignatures = sqliteTable(
  'waiver_signatures',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    termId: text('term_id').notNull(),
    fullName: text('full_name').notNull(),
    signedAt: integer('signed_at').notNull(),
  },
  (t) => [index('waiver_signatures_user_idx').on(t.userId, t.signedAt)],
);

// Every opening of a member's card by someone else: who (named as they were then), when, and how
// (online | offline | csv). Goes with the member's account; the count of what went stays below.
export const safetyOpenings = sqliteTable(
  'safety_openings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    memberId: integer('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openedBy: integer('opened_by').references(() => users.id, { onDelete: 'set null' }),
    openedByName: text('opened_by_name').notNull(),
    openedAt: integer('opened_at').notNull(),
    how: text('how').notNull(),
    recordedAt: integer('recorded_at').notNull().default(now),
  },
  (t) => [index('safety_openings_member_idx').on(t.memberId, t.openedAt), index('safety_openings_opener_idx').on(t.openedBy)],
);

// How many openings went with deleted accounts and removed cards: a count, nobody in it.
export const safetyOpeningsRemoved = sqliteTable('safety_openings_removed', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  removedAt: integer('removed_at').notNull(),
  openings: integer('openings').notNull(),
});

// Idempotency-Key records: the stored answer is replayed for a repeated key, so a device's offline
// change sent again after a lost answer is applied once.
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    body: text('body').notNull(),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_created_idx').on(t.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
export type PostRow = typeof posts.$inferSelect;
export type RaceRow = typeof races.$inferSelect;
export type RaceLiftRow = typeof raceLifts.$inferSelect;
export type RaceResultRow = typeof raceResults.$inferSelect;

// Passkeys (WebAuthn credentials): a member may have several, one per device or synced keychain.
// The public key is kept as the authenticator gave it (COSE, base64url); `counter` is the signature
// counter, 0 for authenticators that keep none (synced passkeys). `user_handle` is the account's
// WebAuthn user id, the same for every passkey of one member.
export const passkeys = sqliteTable(
  'passkeys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    // JSON array of the transports the browser reported ("internal", "hybrid", "usb"…).
    transports: text('transports'),
    userHandle: text('user_handle').notNull(),
    name: text('name').notNull(),
    // multiDevice: a synced passkey; singleDevice: bound to one authenticator.
    deviceType: text('device_type').notNull(),
    backedUp: integer('backed_up', { mode: 'boolean' }).notNull().default(false),
    aaguid: text('aaguid'),
    createdAt: integer('created_at').notNull().default(now),
    lastUsedAt: integer('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_unique').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);
export type PasskeyRow = typeof passkeys.$inferSelect;

// WebAuthn challenges handed out and not yet answered: each is used once (the row is deleted when it
// is answered) and only within its lifetime. A registration's is the member's own, with the WebAuthn
// user id it was issued with; a sign-in's belongs to nobody until a passkey answers it.
export const passkeyChallenges = sqliteTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose').notNull(), // register | login
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    userHandle: text('user_handle'),
    expiresAt: integer('expires_at').notNull(),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
);

// A member's request to renew for a membership session ('winter-2027'). An administrator approves
// (the expiry becomes the session's last day) or declines it with a reason. A member has at most one
// open request (the partial unique index); asking again changes its session.
export const renewalRequests = sqliteTable(
  'renewal_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    session: text('session').notNull(),
    status: text('status').notNull().default('requested'), // requested | approved | declined
    reason: text('reason'),
    createdAt: integer('created_at').notNull().default(now),
    decidedAt: integer('decided_at'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('renewal_requests_open_unique').on(t.userId).where(sql`status = 'requested'`),
    index('renewal_requests_status_idx').on(t.status, t.createdAt),
  ],
);
export type RenewalRequestRow = typeof renewalRequests.$inferSelect;

// The club's own settings and texts, each a document under a key (its name and look, a page, the
// charter, the rules' numbers…), kept as every published version: the newest is the one in force,
// the older ones are the history an administrator restores from (docs/decisions/0093-club-documents.md).
export const clubDocuments = sqliteTable(
  'club_documents',
  {
    key: text('key').notNull(),
    version: integer('version').notNull(),
    // The document's JSON, checked against its schema before it is written.
    body: text('body').notNull(),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: integer('published_at').notNull().default(now),
    // What the editor said of the change; `minor`: a wording fix that asks nothing new of members.
    note: text('note'),
    minor: integer('minor', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.key, t.version] })],
);
export type ClubDocumentRow = typeof clubDocuments.$inferSelect;

// The club's money (docs/decisions/0142-money-counted-once.md): a payment per thing paid for, in whole
// cents with the tax it carried, online through Stripe Checkout or handed to the treasurer. A payment
// outlives its member's account (the club's books must add up): `member_name` keeps who paid.
export const payments = sqliteTable(
  'payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    memberName: text('member_name').notNull(),
    kind: text('kind').notNull(), // membership
    item: text('item').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    taxName: text('tax_name').notNull().default(''),
    taxIncluded: integer('tax_included', { mode: 'boolean' }).notNull().default(false),
    currency: text('currency').notNull(),
    method: text('method').notNull(), // online | cash | transfer
    status: text('status').notNull().default('pending'), // pending | paid | failed | expired
    receipt: text('receipt'),
    note: text('note'),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedByName: text('recorded_by_name'),
    stripeSessionId: text('stripe_session_id'),
    stripePaymentIntent: text('stripe_payment_intent'),
    // The Stripe event that made it paid (null when the return page or the daily check did, or by hand).
    paidByEvent: text('paid_by_event'),
    paidAt: integer('paid_at'),
    // Why it was charged at the member's own price (member_prices), null at the club's.
    priceReason: text('price_reason'),
    // The one-off request it answers (payment_requests; kind 'request'), null for a membership. No
    // foreign key: a request is never deleted, and SQLite adds a column's key without its ON DELETE.
    requestId: integer('request_id'),
    // The race whose entry fee it pays (kind 'race') or the event whose fee it pays (kind 'event');
    // no foreign key, so a payment outlives the race or event it paid for.
    raceId: integer('race_id'),
    postId: integer('post_id'),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('payments_stripe_session_unique').on(t.stripeSessionId),
    index('payments_user_idx').on(t.userId),
    index('payments_status_idx').on(t.status, t.createdAt),
  ],
);
export type PaymentRow = typeof payments.$inferSelect;

// A refund of a payment: `pending` while Stripe is asked (its amount already held, so a second refund
// at once cannot pass the total), then `succeeded`, or `failed` and counting for nothing.
export const refunds = sqliteTable(
  'refunds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    stripeRefundId: text('stripe_refund_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [index('refunds_payment_idx').on(t.paymentId)],
);
export type RefundRow = typeof refunds.$inferSelect;

// Each Stripe event handled, by its id: a delivery of one already here changes nothing.
export const stripeEvents = sqliteTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    paymentId: integer('payment_id'),
    receivedAt: integer('received_at').notNull(),
  },
  // Pruned by age once Stripe has stopped retrying (api/payments/webhook.ts).
  (t) => [index('stripe_events_received_idx').on(t.receivedAt)],
);

// A one-off payment request (kit, a training camp): its amount, due date, and the members asked.
export const paymentRequests = sqliteTable('payment_requests', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  title: text('title').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  dueDate: text('due_date').notNull(),
  // Made to every member: whoever becomes one before it is due is asked too.
  toAll: integer('to_all', { mode: 'boolean' }).notNull().default(false),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdByName: text('created_by_name'),
  createdAt: integer('created_at').notNull().default(now),
});
export type PaymentRequestRow = typeof paymentRequests.$inferSelect;

export const paymentRequestMembers = sqliteTable(
  'payment_request_members',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => paymentRequests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.userId] }), index('payment_request_members_user_idx').on(t.userId)],
);

// When a member who owes the club was last reminded: one reminder per member per the club's days.
export const paymentReminders = sqliteTable('payment_reminders', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sentAt: integer('sent_at').notNull(),
});

// A member's own membership price, or an exemption (price null), with the reason, set by whoever
// handles the club's money. One per member; the server's prices read it.
export const memberPrices = sqliteTable('member_prices', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  priceCents: integer('price_cents'),
  reason: text('reason').notNull(),
  setBy: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
  setByName: text('set_by_name'),
  setAt: integer('set_at').notNull().default(now),
});
export type MemberPriceRow = typeof memberPrices.$inferSelect;
