// Reminders (docs/decisions/0060): before a workout a member signed up for, and before an event a
// member has not answered. `sendDueReminders` is one pass at a given instant; the scheduler
// (reminder-schedule.ts) calls it every minute. Each reminder is queued at most once per
// member and item: its messages carry the key `reminder:<kind>:<item>:<member>#<device|email>`
// (db/queries/reminder-keys.ts), the pass leaves out members with any such message (in the same query), and
// the unique index stops a second process racing this one.
import { clubName } from '../club/identity/identity';
import { and, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { notYetReminded, notYetRemindedOfRenewal, reminderKey, renewalItem } from '../../db/queries/reminder-keys';
import { eventRsvps, posts, renewalRequests, users, workoutLanes, workoutSignups, type PostRow } from '../../db/schema';
import { RENEWAL_REMINDER_DAYS, RENEWAL_REMINDER_TIME } from '../../domain/contract/members/season';
import { addDays, clubTimeToEpoch, clubToday, hasStarted } from '../../domain/clock';
import {
  EVENT_DEFAULT_TIME,
  EVENT_REMINDER_HOURS,
  WORKOUT_REMINDER_DAYS_BEFORE,
  WORKOUT_REMINDER_TIME,
} from '../../domain/contract/notifications';
import type { AppDeps } from '../platform/context';
import { eventReminderNotice, reminderEmail, renewalReminderNotice, workoutReminderNotice, type NoticeText } from '../messaging/mail-templates';
import { tellMember } from '../messaging/notify';
import { clubWorkout, workoutStart } from '../forum/posts/start-instants';
import { activeMemberWhere } from '../platform/users';
import { freeCancelUntil } from '../../domain/rules';
import { clubDates, clubRules } from '../club/settings';
import { clubTimeZone } from '../platform/club-time-zone';

const HOUR = 3_600_000;

/** When the reminder of a workout on `date` goes out: 7 PM two days before, club time. */
export function workoutReminderAt(date: string, timeZone: string): number {
  return clubTimeToEpoch(addDays(date, -WORKOUT_REMINDER_DAYS_BEFORE), WORKOUT_REMINDER_TIME, timeZone);
}

export function eventStart(post: Pick<PostRow, 'eventDate' | 'eventTime'>, timeZone: string): number {
  return clubTimeToEpoch(post.eventDate ?? '1970-01-01', post.eventTime || EVENT_DEFAULT_TIME, timeZone);
}

export interface ReminderPass {
  workoutReminders: number;
  eventReminders: number;
  renewalReminders: number;
}

interface Recipient {
  id: number;
  email: string;
  name: string;
}

/** Push to the member's devices that take reminders; email when none does. False if another process was first. */
function remind(deps: AppDeps, member: Recipient, key: string, notice: NoticeText): boolean {
  return tellMember(deps, member, {
    kind: 'reminders',
    notice,
    email: () => reminderEmail(clubName(deps), member.email, member.name, notice, deps.env.APP_URL),
    dedupeKey: key,
  });
}

/**
 * Queues every reminder due at `now` and not yet sent, in one transaction. Due: the reminder time has
 * come and the item has not started. Only for what was there when the reminder time came: a member
 * who signs up (or an event posted) after it has just seen the item and gets no reminder.
 */
export function sendDueReminders(deps: AppDeps, now = deps.clock()): ReminderPass {
  const tz = clubTimeZone(deps);
  const dates = clubDates(deps);
  const today = clubToday(now, tz);
  const horizon = addDays(today, WORKOUT_REMINDER_DAYS_BEFORE + 1);
  const pass: ReminderPass = { workoutReminders: 0, eventReminders: 0, renewalReminders: 0 };
  deps.database.tx(() => {
    const { db } = deps.database;
    const member = { id: users.id, email: users.email, name: users.name };
    const memberIs = and(eq(users.remindersEnabled, true), activeMemberWhere(today));

    const workouts = db
      .select()
      .from(posts)
      .where(and(eq(posts.type, 'workout'), isNull(posts.cancelledAt), gte(posts.workoutDate, today), lte(posts.workoutDate, horizon)))
      .all();
    for (const post of workouts) {
      const start = workoutStart(post, tz);
      const at = workoutReminderAt(post.workoutDate!, tz);
      if (now < at || hasStarted(clubWorkout(post), now, tz)) continue;
      const signedUp = db
        .select({ ...member, lane: workoutLanes.name })
        .from(workoutSignups)
        .innerJoin(users, eq(users.id, workoutSignups.userId))
        .leftJoin(workoutLanes, eq(workoutLanes.id, workoutSignups.laneId))
        .where(and(eq(workoutSignups.postId, post.id), lte(workoutSignups.signupTime, at), memberIs, notYetReminded('workout', post.id)))
        .all();
      const freeFrom = freeCancelUntil(clubRules(deps), start);
      const freeUntil = freeFrom > now ? dates.instant(freeFrom, tz, 'long') : null;
      const when = dates.dateTime(post.workoutDate!, post.workoutTime);
      const notice = workoutReminderNotice(post.title, when, freeUntil, post.id);
      for (const { lane, ...m } of signedUp) {
        // On a workout with lanes the reminder names the member's lane with the workout.
        const told = lane ? workoutReminderNotice(`${post.title} (${lane})`, when, freeUntil, post.id) : notice;
        if (remind(deps, m, reminderKey('workout', post.id, m.id), told)) pass.workoutReminders += 1;
      }
    }

    const events = db
      .select()
      .from(posts)
      .where(and(eq(posts.type, 'event'), isNull(posts.cancelledAt), gte(posts.eventDate, today), lte(posts.eventDate, horizon)))
      .all();
    for (const post of events) {
      const start = eventStart(post, tz);
      const at = start - EVENT_REMINDER_HOURS * HOUR;
      if (now < at || now >= start || post.createdAt > at) continue;
      const unanswered = db
        .select(member)
        .from(users)
        .leftJoin(eventRsvps, and(eq(eventRsvps.postId, post.id), eq(eventRsvps.userId, users.id)))
        .where(and(isNull(eventRsvps.id), memberIs, notYetReminded('event', post.id)))
        .all();
      const when = dates.dateTime(post.eventDate!, post.eventTime);
      const notice = eventReminderNotice(post.title, when, post.id);
      for (const m of unanswered) {
        if (remind(deps, m, reminderKey('event', post.id, m.id), notice)) pass.eventReminders += 1;
      }
    }

    // Before a membership ends: 30 and 7 days before, from 10 AM club time, each once per expiry date.
    // A member inside the 7-day window gets only that one; one who already asked to renew gets none.
    if (now >= clubTimeToEpoch(today, RENEWAL_REMINDER_TIME, tz)) {
      const windows = [...RENEWAL_REMINDER_DAYS].sort((a, b) => b - a);
      windows.forEach((days, i) => {
        const closer = windows[i + 1];
        const expiring = db
          .select({ ...member, expiryDate: users.expiryDate })
          .from(users)
          .where(
            and(
              memberIs,
              inArray(users.role, ['member', 'exec']),
              lte(users.expiryDate, addDays(today, days)),
              closer === undefined ? gte(users.expiryDate, today) : gt(users.expiryDate, addDays(today, closer)),
              sql`not exists (select 1 from ${renewalRequests} where ${renewalRequests.userId} = "users"."id" and ${renewalRequests.status} = 'requested')`,
              notYetRemindedOfRenewal(days),
            ),
          )
          .all();
        for (const m of expiring) {
          const notice = renewalReminderNotice(days, dates.date(m.expiryDate!, 'long'));
          const key = reminderKey(`renewal${days}`, renewalItem(m.expiryDate!), m.id);
          if (remind(deps, m, key, notice)) pass.renewalReminders += 1;
        }
      });
    }
  });
  return pass;
}
