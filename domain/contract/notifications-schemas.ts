import { z } from 'zod';
import { deviceNameMessage, isSafeDeviceName } from './common';
import { PUSH_KINDS } from './notifications';

const KEYS_ERROR = 'The push subscription has no valid keys';
const KINDS_ERROR = 'Say which notifications this device wants (placeFreed, reminders, newWorkouts: true or false)';

const base64url = (min: number, max: number) =>
  z.string(KEYS_ERROR).min(min, KEYS_ERROR).max(max, KEYS_ERROR).regex(/^[A-Za-z0-9_-]+={0,2}$/, KEYS_ERROR);

// `announcements` came later: a device saved by an app from before it leaves it out (and keeps it on).
const kindsSchema = z.object(
  {
    ...(Object.fromEntries(PUSH_KINDS.map((k) => [k, z.boolean(KINDS_ERROR)])) as Record<(typeof PUSH_KINDS)[number], z.ZodBoolean>),
    announcements: z.boolean(KINDS_ERROR).optional(),
  },
  KINDS_ERROR,
);

/** PUT /api/me/notifications/devices: the browser's PushSubscription (its toJSON()) and what the device wants. */
export const pushDeviceSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, message: 'The push subscription has no valid endpoint' })
    .max(2000, 'The push subscription has no valid endpoint'),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes, 87 characters) and a 16-byte secret (22 characters).
      p256dh: base64url(80, 100),
      auth: base64url(16, 30),
    },
    KEYS_ERROR,
  ),
  kinds: kindsSchema,
  label: z
    .string()
    .trim()
    .max(60)
    .refine(isSafeDeviceName, { error: deviceNameMessage('The device name') })
    .optional(),
});

/** PUT /api/me/notifications. */
export const notificationSettingsSchema = z.object({ reminders: z.boolean('Say whether you want reminders (true or false)') });
