import { randomBytes, timingSafeEqual } from 'node:crypto';
import { clubName } from '../club/identity/identity';
import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { eq } from 'drizzle-orm';
import ical, { ICalEventStatus, type ICalCalendar } from 'ical-generator';
import { clubFeedRows, entryRow, personalDutyRows, personalFeedRows, type DutyEntryRow, type EntryKind, type EntryRow } from '../../db/queries/calendar-queries';
import { users } from '../../db/schema';
import { addDays, clubTimeToEpoch, clubToday, startInstant } from '../../domain/clock';
import { clubDateTimeOf } from '../../domain/region/club-format';
import { hasRole } from '../../domain/contract/roles';
import { stripUnsafeCharacters } from '../../domain/contract/common';
import { EVENT_MINUTES, durationOf, usualMinutes } from '../../domain/durations';
import { typeName, type SportsDocument } from '../../domain/sports';
import { clubSports } from '../club/settings';
import { tombstoneCutoff } from '../forum/posts/tombstones';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { effectiveRole } from '../../domain/membership';
import { clubTimeZone } from '../platform/club-time-zone';
import { CALENDAR_NOT_FOUND, USER_NOT_FOUND } from '../../domain/contract/me';
import { EVENT_NOT_FOUND, WORKOUT_NOT_FOUND } from '../../domain/contract/training/forum';
import { RACE_NOT_FOUND_ERROR } from '../../domain/contract/training/races';

// iCalendar feeds (RFC 5545), docs/decisions/0042-calendar-feeds.md.

/** Past items stay in the feeds this long, so last week's sessions do not vanish from a calendar. */
const FEED_PAST_DAYS = 14;
/** Calendar clients are told to refresh this often (REFRESH-INTERVAL / X-PUBLISHED-TTL). */
export const FEED_TTL_SECONDS = 60 * 60;


/** One calendar entry, whatever it came from. */
interface Entry {
  kind: EntryKind;
  id: number;
  title: string;
  description: string;
  date: string;
  /** 'HH:MM' club-local, '' for all day. */
  time: string;
  /** How long a timed entry lasts (its DTEND), in minutes. */
  minutes: number;
  location: string;
  revision: number;
  updatedAt: number | null;
  status?: ICalEventStatus;
  /** Its CATEGORIES: a workout's type as the club names it, 'Event', 'Race' or 'Duty'. */
  category: string;
  /** A duty's entry: its own UID's first part ('duty'), the page of its session. */
  uidKind?: string;
  path?: string;
}

// ---------- The personal link ----------

// 'c' + user id + '-' + 32 random bytes (base64url): the id finds the row, the secret is compared in
// constant time, so neither a lookup nor a comparison tells an attacker how close a guess was.
const TOKEN = /^c(\d{1,12})-([A-Za-z0-9_-]{43})$/;

function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

function feedUrl(deps: AppDeps, userId: number, secret: string): string {
  return `${deps.env.APP_URL}/api/calendar/c${userId}-${secret}.ics`;
}

/** The member's personal feed URL, made on first request. */
export function calendarLink(deps: AppDeps, userId: number): { url: string } {
  return deps.database.tx(() => {
    const { db } = deps.database;
    const row = db.select({ token: users.calendarToken }).from(users).where(eq(users.id, userId)).get();
    if (!row) throw new ServiceError(404, USER_NOT_FOUND);
    let secret = row.token;
    if (!secret) {
      secret = newSecret();
      db.update(users).set({ calendarToken: secret }).where(eq(users.id, userId)).run();
    }
    return { url: feedUrl(deps, userId, secret) };
  });
}

/** A new secret: the old URL answers 404 from now on. */
export function resetCalendarLink(deps: AppDeps, userId: number): { url: string } {
  const secret = newSecret();
  const row = deps.database.db
    .update(users)
    .set({ calendarToken: secret })
    .where(eq(users.id, userId))
    .returning({ id: users.id })
    .get();
  if (!row) throw new ServiceError(404, USER_NOT_FOUND);
  return { url: feedUrl(deps, userId, secret) };
}

/**
 * The user a feed token belongs to, or null: wrong, reset, or for someone who does not count as a
 * member today (an expired membership counts as pending, as everywhere else; rejected or deleted
 * accounts have no feed), so the feed stops giving places and door codes the day membership lapses.
 */
function userOfToken(deps: AppDeps, token: string): number | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const row = deps.database.db
    .select({ token: users.calendarToken, role: users.role, expiryDate: users.expiryDate })
    .from(users)
    .where(eq(users.id, Number(m[1])))
    .get();
  if (!row?.token || !hasRole(effectiveRole(row, clubToday(deps.clock(), clubTimeZone(deps))), 'member')) return null;
  const given = Buffer.from(m[2]!);
  const stored = Buffer.from(row.token);
  return given.length === stored.length && timingSafeEqual(given, stored) ? Number(m[1]) : null;
}

// ---------- Building calendars ----------

function host(deps: AppDeps): string {
  return new URL(deps.env.APP_URL).host;
}

// The calendar's name is written as it is (ical-generator escapes an event's texts, not the name), so
// a stored line break would start a property or an event of its own: it is made one line here,
// whatever the settings hold.
function newCalendar(deps: AppDeps, name: string): ICalCalendar {
  return ical({
    name: stripUnsafeCharacters(name),
    prodId: { company: 'club-app', product: 'club-app', language: 'EN' },
    // name null: DTSTAMP stays in UTC; each event names the club zone, and the generator adds its VTIMEZONE.
    timezone: { name: null, generator: getVtimezoneComponent },
    ttl: FEED_TTL_SECONDS,
    url: deps.env.APP_URL,
  });
}

function addEntry(deps: AppDeps, cal: ICalCalendar, e: Entry): void {
  const tz = clubTimeZone(deps);
  const path = e.path ?? `/${e.kind}/${e.id}`;
  const common = {
    id: `${e.uidKind ?? e.kind}-${e.id}@${host(deps)}`,
    sequence: e.revision,
    stamp: new Date(e.updatedAt ?? deps.clock()),
    summary: e.title,
    description: e.description || null,
    location: e.location || null,
    url: `${deps.env.APP_URL}${path}`,
    status: e.status ?? ICalEventStatus.CONFIRMED,
    categories: [{ name: stripUnsafeCharacters(e.category) }],
  };
  if (e.time) {
    const start = clubTimeToEpoch(e.date, e.time, tz);
    cal.createEvent({
      ...common,
      timezone: tz,
      start: new TZDate(start, tz),
      end: new TZDate(start + e.minutes * 60_000, tz),
    });
  } else {
    // All day: a DATE value, the same day wherever the calendar is read.
    cal.createEvent({ ...common, allDay: true, start: new TZDate(`${e.date}T12:00:00Z`, 'UTC') });
  }
}

function finish(deps: AppDeps, cal: ICalCalendar, entries: Entry[]): string {
  entries.sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time) || a.id - b.id);
  for (const e of entries) addEntry(deps, cal, e);
  return cal.toString();
}

/** A cancelled (or deleted) item is published as CANCELLED, whatever the member's answer was. */
function entry(sports: SportsDocument, kind: EntryKind, r: EntryRow): Entry {
  const cancelled = r.cancelled_at !== null;
  const type = r.workout_type ?? 'other';
  return {
    kind,
    id: r.id,
    title: cancelled ? `Cancelled: ${r.title}` : r.title,
    description: cancelled && r.cancel_reason ? `Cancelled: ${r.cancel_reason}\n\n${r.description}`.trim() : r.description,
    date: r.date,
    time: r.time ?? '',
    minutes: durationOf(kind === 'event' ? EVENT_MINUTES : usualMinutes(sports, type), r.duration_minutes),
    category: kind === 'workout' ? typeName(sports, type) : kind === 'event' ? 'Event' : 'Race',
    location: r.location,
    revision: r.revision,
    updatedAt: r.updated_at,
    ...(cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
  };
}

/**
 * A duty the member holds, on its session's page: its own UID (`duty-<id>`), its time (or its
 * session's whole day), cancelled with its session.
 */
function dutyEntry(deps: AppDeps, r: DutyEntryRow): Entry {
  const tz = clubTimeZone(deps);
  const starts = clubDateTimeOf(r.starts_at, tz);
  const cancelled = r.cancelled_at !== null;
  const what = `${r.kind}: ${r.title}`;
  return {
    kind: r.place,
    id: r.id,
    uidKind: 'duty',
    path: `/${r.place}/${r.place_id}`,
    title: cancelled ? `Cancelled: ${what}` : what,
    description: cancelled && r.cancel_reason ? `Cancelled: ${r.cancel_reason}\n\nYour duty: ${r.kind}` : `Your duty: ${r.kind}`,
    date: starts.date,
    time: r.all_day ? '' : starts.time,
    minutes: Math.round((r.ends_at - r.starts_at) / 60_000),
    category: 'Duty',
    location: r.location,
    revision: r.revision,
    updatedAt: r.updated_at,
    ...(cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
  };
}

/** Tombstones younger than this are published. */
function deletedSince(deps: AppDeps): number {
  return tombstoneCutoff(deps.clock());
}

function horizon(deps: AppDeps): string {
  return addDays(clubToday(deps.clock(), clubTimeZone(deps)), -FEED_PAST_DAYS);
}

/** The public club feed: workouts and races from two weeks back on. */
export function clubFeed(deps: AppDeps): string {
  const { workouts, races: raceRows } = clubFeedRows(deps.database, horizon(deps), deletedSince(deps));
  const sports = clubSports(deps);
  return finish(deps, newCalendar(deps, clubName(deps)), [
    ...workouts.map((r) => entry(sports, 'workout', r)),
    ...raceRows.map((r) => entry(sports, 'race', r)),
  ]);
}

/**
 * A member's feed: workouts they are signed up for (waitlist places as TENTATIVE), events they answered
 * (going confirmed, maybe tentative, not going cancelled: it may already sit in their calendar), races
 * they signed up for, and the duties they hold (one given up or taken off leaves the feed). Anything
 * else, or a wrong or reset token, is a 404.
 */
export function personalFeed(deps: AppDeps, token: string): string {
  const userId = userOfToken(deps, token);
  if (userId === null) throw new ServiceError(404, CALENDAR_NOT_FOUND);
  const { workouts, events, races: raceRows, deleted } = personalFeedRows(deps.database, userId, horizon(deps), deletedSince(deps));
  const rsvpStatus: Record<string, ICalEventStatus> = {
    going: ICalEventStatus.CONFIRMED,
    maybe: ICalEventStatus.TENTATIVE,
    not_going: ICalEventStatus.CANCELLED,
  };
  const sports = clubSports(deps);
  return finish(deps, newCalendar(deps, `My ${clubName(deps)} calendar`), [
    ...workouts.map((r) => ({
      status: r.waitlisted ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
      // The member's lane opens the description, so the calendar says where to swim.
      ...entry(sports, 'workout', r.lane_name ? { ...r, description: `${r.waitlisted ? 'Waiting for' : 'Lane:'} ${r.lane_name}\n\n${r.description}` } : r),
    })),
    ...events.map((r) => ({ status: rsvpStatus[r.rsvp ?? 'going'], ...entry(sports, 'event', r) })),
    ...raceRows.map((r) => entry(sports, 'race', r)),
    ...deleted.map((r) => entry(sports, r.type, r)),
    ...personalDutyRows(deps.database, userId, startInstant(horizon(deps), null, clubTimeZone(deps))).map((r) => dutyEntry(deps, r)),
  ]);
}

/** The refusal of an entry that is not there, by its kind. */
export const ENTRY_NOT_FOUND: Record<EntryKind, string> = {
  workout: WORKOUT_NOT_FOUND,
  event: EVENT_NOT_FOUND,
  race: RACE_NOT_FOUND_ERROR,
};

/** One workout, event or race as an .ics file ("Add to calendar"), with the same UID as in the feeds. */
export function singleEntryCalendar(deps: AppDeps, kind: EntryKind, id: number): { ics: string; title: string } {
  const row = entryRow(deps.database, kind, id, deletedSince(deps));
  if (!row) throw new ServiceError(404, ENTRY_NOT_FOUND[kind]);
  return { ics: finish(deps, newCalendar(deps, row.title), [entry(clubSports(deps), kind, row)]), title: row.title };
}
