// How a member is told of something outside the app: the one rule every message to a member follows
// (announcements, cancelled or moved plans, reminders, a place freed from the waitlist).

/**
 * `urgent`: the member must hear of it in time to act on it, and a push may be missed (muted, or on a
 * phone left at home): a place freed from the waitlist.
 */
export type Urgency = 'normal' | 'urgent';

export interface HowToTell {
  /** A push to each of the member's devices that takes this kind of notice. */
  push: boolean;
  /** One email. */
  email: boolean;
}

/**
 * A member with at least one device that takes this kind of notice gets a push on each such device;
 * a member with none gets one email instead. An urgent notice goes by email as well, whatever the
 * devices.
 */
export function howToTell(devicesTakingKind: number, urgency: Urgency = 'normal'): HowToTell {
  return { push: devicesTakingKind > 0, email: urgency === 'urgent' || devicesTakingKind === 0 };
}
