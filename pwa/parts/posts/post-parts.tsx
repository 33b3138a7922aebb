// The words and badges of workouts, events and races that the forum and "my week" both show.
import type { RsvpStatus, WorkoutType } from '../../../domain/contract/training/forum';
import { workoutTypeOf, type BadgeColour } from '../../../domain/sports';
import { useClubSports } from '../../lib/club/club-sports';
import { formatDateTime, ordinal } from '../../lib/ui/format';
import './posts.css';

export const RSVP_LABELS: Record<RsvpStatus, string> = {
  going: 'Going',
  maybe: 'Maybe',
  not_going: 'Not Going',
};

/** '3rd on the waitlist'; 'on the waitlist' while the place is not known yet (0); null when not on it. */
export function waitlistPositionText(position: number | null): string | null {
  if (position === null) return null;
  if (position === 0) return 'on the waitlist';
  return `${ordinal(position)} on the waitlist`;
}

/** The colours of the badges that are not a workout type's. */
export const EVENT_BADGE: BadgeColour = 'amber';
export const RACE_BADGE: BadgeColour = 'blue';

/** A workout's type, an event or a race, as a coloured badge. */
export function KindBadge({ colour, children }: { colour: BadgeColour; children: string }) {
  return <span className={`badge post-type post-type--${colour}`}>{children}</span>;
}

/** A workout's type as the club names and colours it (Admin → Sports). */
export function TypeBadge({ type }: { type: WorkoutType }) {
  const { name, colour } = workoutTypeOf(useClubSports(), type);
  return <KindBadge colour={colour}>{name}</KindBadge>;
}

/**
 * "Moved": a workout or event whose date, time or place an edit changed after it was posted, next to
 * its time wherever it shows (a card, its page, My week), so a member who remembers the old time
 * looks again. `at` is when it moved (epoch ms); nothing when it never did.
 */
export function MovedMark({ at }: { at: number | null | undefined }) {
  if (at == null) return null;
  return (
    <span className="badge moved-mark">
      Moved<span className="visually-hidden">: its date, time or place changed on {formatDateTime(at)}</span>
    </span>
  );
}
