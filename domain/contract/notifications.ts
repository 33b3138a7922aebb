// Notifications outside the app (docs/decisions/0060): the kinds a
// device may ask for, a member's settings, and when reminders go out.

/** What a device can be told, each chosen per device on the profile. */
export const PUSH_KINDS = ['placeFreed', 'reminders', 'newWorkouts', 'announcements'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  placeFreed: 'A place frees up for me (I move off a waitlist)',
  reminders: 'Reminders before my workouts and for events I have not answered, and when one is cancelled or moved',
  newWorkouts: 'New workouts posted',
  announcements: 'Club announcements',
};

export type PushKinds = Record<PushKind, boolean>;

/** One device a member has turned notifications on for. */
export interface PushDevice {
  id: number;
  /** The push service URL: the browser matches it against its own subscription to find "this device". */
  endpoint: string;
  /** e.g. 'Chrome on Android'. */
  label: string;
  kinds: PushKinds;
  created_at: number;
}

/** GET and PUT /api/me/notifications. */
export interface NotificationSettings {
  /** Reminders at all (push where a device asks for them, email otherwise). */
  reminders: boolean;
  devices: PushDevice[];
}

/**
 * A member keeps at most this many devices: saving one more replaces the oldest, since a member who
 * turns notifications on from a new phone wants them there, and the oldest is the one most likely gone.
 */
export const MAX_PUSH_DEVICES = 10;

export const DEVICE_NOT_FOUND = 'Device not found';
export const DEVICE_CHANGES_LIMIT_ERROR = 'Too many changes to notification devices. Please wait a few minutes and try again.';
/** The start of the refusal of a push address the server will not send to (the push endpoint policy's). */
export const PUSH_ENDPOINT_ERROR = 'This browser gave a push address the club app cannot use';
export const pushEndpointMessage = (reason: string) =>
  `${PUSH_ENDPOINT_ERROR} (${reason}): notifications go only through the browsers' own push services.`;

/** PUT /api/me/notifications/devices: this device's subscription is saved (or updated). */
export interface PushDeviceAnswer {
  device: PushDevice;
  /** The member's oldest devices removed to keep MAX_PUSH_DEVICES (usually none). */
  replaced: PushDevice[];
}

/**
 * A workout reminder goes out at this club-local time two days before the workout: the evening before
 * the last day on which cancelling is free (the late-cancel window of domain/rules.ts).
 */
export const WORKOUT_REMINDER_TIME = '19:00';
export const WORKOUT_REMINDER_DAYS_BEFORE = 2;
/** An event's RSVP reminder: this long before it starts, to members who have not answered. */
export const EVENT_REMINDER_HOURS = 48;
/** An event with no time counts as starting at this club-local time for its reminder. */
export const EVENT_DEFAULT_TIME = '12:00';
