// A member's devices for Web Push and what each is told (docs/decisions/0060). Pushes are queued in
// the message queue inside the caller's transaction and sent after commit (queue/dispatcher.ts).
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { pushSubscriptions, users, type PushSubscriptionRow } from '../../db/schema';
import {
  DEVICE_CHANGES_LIMIT_ERROR,
  DEVICE_NOT_FOUND,
  MAX_PUSH_DEVICES,
  pushEndpointMessage,
  type NotificationSettings,
  type PushDevice,
  type PushDeviceAnswer,
  type PushKind,
} from '../../domain/contract/notifications';
import type { pushDeviceSchema } from '../../domain/contract/notifications-schemas';
import { clubToday } from '../../domain/clock';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { activeMemberWhere } from '../platform/users';
import { clubTimeZone } from '../platform/club-time-zone';

export type PushDeviceInput = z.output<typeof pushDeviceSchema>;

const KIND_COLUMNS = {
  placeFreed: pushSubscriptions.placeFreed,
  reminders: pushSubscriptions.reminders,
  newWorkouts: pushSubscriptions.newWorkouts,
  announcements: pushSubscriptions.announcements,
} as const;

function toDevice(row: PushSubscriptionRow): PushDevice {
  return {
    id: row.id,
    endpoint: row.endpoint,
    label: row.label,
    kinds: { placeFreed: row.placeFreed, reminders: row.reminders, newWorkouts: row.newWorkouts, announcements: row.announcements },
    created_at: row.createdAt,
  };
}

export function notificationSettings(deps: AppDeps, userId: number): NotificationSettings {
  const { db } = deps.database;
  const user = db.select({ reminders: users.remindersEnabled }).from(users).where(eq(users.id, userId)).get();
  const devices = db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id))
    .all();
  return { reminders: user?.reminders ?? true, devices: devices.map(toDevice) };
}

export function setReminders(deps: AppDeps, userId: number, reminders: boolean): NotificationSettings {
  deps.database.db.update(users).set({ remindersEnabled: reminders }).where(eq(users.id, userId)).run();
  return notificationSettings(deps, userId);
}

// Checked in order: Edge and Samsung Internet also say "Chrome", Chrome also says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
// Android says "Linux" too; iPhone and iPad say "Mac OS X".
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** e.g. 'Chrome on Android', from the User-Agent of the request that turned notifications on. */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? 'A browser';
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  return system ? `${browser} on ${system}` : browser;
}

const MINUTE = 60_000;

/**
 * Saving a device costs a DNS check and a row, and each device is sent every new workout and
 * reminder: saves are limited per member and per address (a campus shares one). Removals are not:
 * there can never be more of them than saves, and a member must always be able to stop notifications.
 */
export const DEVICE_SAVE_LIMITS = { perMember: 20, perAddress: 300, windowMs: 15 * MINUTE } as const;

function limitDeviceSaves(deps: AppDeps, userId: number, ip: string): void {
  const { perMember, perAddress, windowMs } = DEVICE_SAVE_LIMITS;
  for (const [key, limit] of [
    [`devices:member:${userId}`, perMember],
    [`devices:ip:${ip}`, perAddress],
  ] as const) {
    const hit = deps.rateLimiter.hit(key, limit, windowMs);
    if (hit.limited) {
      throw new ServiceError(429, DEVICE_CHANGES_LIMIT_ERROR, undefined, {
        'Retry-After': String(Math.max(1, hit.retryAfterSec)),
      });
    }
  }
}

/**
 * The server will POST to this URL on every new workout and reminder, so it must be a browser's push
 * service (or one the operator named in PUSH_SERVICE_HOSTS), with a name that points to the public
 * internet right now: api/platform/settings/push-endpoint.ts. Sends check it again.
 */
export async function checkPushEndpoint(deps: AppDeps, endpoint: string): Promise<void> {
  const verdict = await deps.pushEndpoints.check(endpoint);
  if (!verdict.ok) {
    throw new ServiceError(400, pushEndpointMessage(verdict.reason));
  }
}

/** PUT /me/notifications/devices: limited, checked (DNS included) before the write, then saved. */
export async function registerDevice(
  deps: AppDeps,
  userId: number,
  input: PushDeviceInput,
  userAgent: string | undefined,
  ip: string,
): Promise<PushDeviceAnswer> {
  limitDeviceSaves(deps, userId, ip);
  await checkPushEndpoint(deps, input.endpoint);
  return deps.database.tx(() => saveDevice(deps, userId, input, userAgent));
}

/**
 * Saves this device's subscription for the member, or updates it (new keys, new choices). An endpoint
 * another account had on this device (a shared phone) moves to the member now signed in. Past
 * MAX_PUSH_DEVICES the member's oldest devices make room (returned as `replaced`). The endpoint is
 * checked by the caller (registerDevice); call inside a transaction.
 */
export function saveDevice(deps: AppDeps, userId: number, input: PushDeviceInput, userAgent: string | undefined): PushDeviceAnswer {
  const { db } = deps.database;
  const values = {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    label: input.label || deviceLabel(userAgent),
    placeFreed: input.kinds.placeFreed,
    reminders: input.kinds.reminders,
    newWorkouts: input.kinds.newWorkouts,
    // Left out by an app from before the choice existed: kept as it was (on for a new device).
    ...(input.kinds.announcements === undefined ? {} : { announcements: input.kinds.announcements }),
  };
  const row = db
    .insert(pushSubscriptions)
    .values({ ...values, createdAt: deps.clock() })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
    .returning()
    .get();
  const others = db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.id, row.id)))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id))
    .all();
  const replaced = others.slice(0, Math.max(0, others.length - (MAX_PUSH_DEVICES - 1)));
  if (replaced.length > 0) {
    db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, replaced.map((r) => r.id))).run();
  }
  return { device: toDevice(row), replaced: replaced.map(toDevice) };
}

export function removeDevice(deps: AppDeps, userId: number, id: number): NotificationSettings {
  const removed = deps.database.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id })
    .get();
  if (!removed) throw new ServiceError(404, DEVICE_NOT_FOUND);
  return notificationSettings(deps, userId);
}

/** At logout (which signs out every device): no device keeps receiving this member's notifications. */
export function removeAllDevices(deps: AppDeps, userId: number): void {
  deps.database.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).run();
}

export interface Notice {
  title: string;
  body: string;
  url: string;
}

/**
 * The member's devices that asked for this kind, while the member counts as a member today: an
 * expired, rejected or demoted account is told nothing, whatever devices it left behind.
 */
export function devicesFor(deps: AppDeps, userId: number, kind: PushKind): PushSubscriptionRow[] {
  return deps.database.db
    .select({ device: pushSubscriptions })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(and(eq(pushSubscriptions.userId, userId), eq(KIND_COLUMNS[kind], true), activeMemberWhere(clubToday(deps.clock(), clubTimeZone(deps)))))
    .orderBy(asc(pushSubscriptions.id))
    .all()
    .map((r) => r.device);
}

/** A new workout (or the first of a new weekly series): a push to every current member's device that asked, but the author's. */
export function pushNewWorkout(deps: AppDeps, authorId: number, notice: Notice): number {
  const rows = deps.database.db
    .select({ device: pushSubscriptions, email: users.email })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(and(eq(pushSubscriptions.newWorkouts, true), ne(users.id, authorId), activeMemberWhere(clubToday(deps.clock(), clubTimeZone(deps)))))
    .orderBy(asc(pushSubscriptions.id))
    .all();
  for (const { device, email } of rows) deps.messageQueue.enqueuePush({ to: email, subscriptionId: device.id, ...notice });
  return rows.length;
}
