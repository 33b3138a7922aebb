// A reminder is queued at most once per member and item: its messages carry the key
// `reminder:<kind>:<item>:<member>` followed by `#<device>` or `#email`, and the unique index on the
// key stops a second process racing the first. The key and its check in SQL live here together.
import { sql, type SQL } from 'drizzle-orm';
import { messageQueue } from '../schema';

export type ReminderKind = 'workout' | 'event' | RenewalReminderKind;
/** Before a membership ends: `renewal30`, `renewal7`; the item is the expiry date as a number (20261231). */
export type RenewalReminderKind = `renewal${number}`;

/** The key of a member's reminder about an item; its messages are `<key>#<device>` or `<key>#email`. */
export function reminderKey(kind: ReminderKind, itemId: number, memberId: number): string {
  return `reminder:${kind}:${itemId}:${memberId}`;
}

/**
 * The key of the message telling a member of a change to a workout or event they answered
 * (cancelled, reinstated, moved): the post's revision after the change names the change, so each
 * member hears of each change once, whoever sends it and however often.
 */
export function changeKey(postId: number, revision: number, memberId: number): string {
  return `change:${postId}:${revision}:${memberId}`;
}

/** The key of the message telling a member of a new club announcement. */
export function announcementKey(announcementId: number, memberId: number): string {
  return `announcement:${announcementId}:${memberId}`;
}

/** The member a reminder's, change's or announcement's message is for, read back from its key; null for any other message. */
export function reminderMemberOf(dedupeKey: string | null): number | null {
  const m = dedupeKey === null ? null : /^(?:reminder:(?:workout|event|renewal\d+):\d+|change:\d+:\d+|announcement:\d+):(\d+)#/.exec(dedupeKey);
  return m ? Number(m[1]) : null;
}

/**
 * For a query over `users`: true for a member not yet reminded about the item, i.e. no queued message
 * in the key's range (keys sort `<key>#…` before `<key>$`), so the unique index serves the check.
 * Once per member and item, whatever devices come and go.
 */
export function notYetReminded(kind: ReminderKind, itemId: number): SQL {
  // The item's id bound as text (a bound JS number is a REAL in SQLite: '12.0'); the member's id
  // qualified by hand, since inside the subquery a bare "id" would be the queued message's.
  const key = sql`'reminder:' || ${kind} || ':' || ${String(itemId)} || ':' || "users"."id"`;
  return sql`not exists (select 1 from ${messageQueue} where ${messageQueue.dedupeKey} >= ${key} || '#' and ${messageQueue.dedupeKey} < ${key} || '$')`;
}

/** The item of a renewal reminder: the membership's expiry date as a number (2026-12-31 → 20261231). */
export function renewalItem(expiryDate: string): number {
  return Number(expiryDate.replaceAll('-', ''));
}

/**
 * For a query over `users`: true for a member not yet reminded `days` before their current expiry
 * date. A renewed membership has a new expiry date, and so new reminders.
 */
export function notYetRemindedOfRenewal(days: number): SQL {
  const key = sql`'reminder:renewal' || ${String(days)} || ':' || replace("users"."expiry_date", '-', '') || ':' || "users"."id"`;
  return sql`not exists (select 1 from ${messageQueue} where ${messageQueue.dedupeKey} >= ${key} || '#' and ${messageQueue.dedupeKey} < ${key} || '$')`;
}
