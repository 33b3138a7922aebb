import { clubToday } from '../../../domain/clock';
import { clubTimeZone, useClubTimeZone } from './club-zone';

// Club dates on the club's clock (docs/decisions/0025); the zone itself is club-zone.ts's.
export { clubTimeZone, loadClubConfig, setClubTimeZone, useClubTimeZone } from './club-zone';

/** Today's date ('YYYY-MM-DD') on the club's clock, or null while the zone is unknown. */
export function clubTodayNow(now: Date | number = Date.now()): string | null {
  const zone = clubTimeZone();
  return zone ? clubToday(now, zone) : null;
}

/** Today's club date for a component; null while the zone is unknown. */
export function useClubToday(): string | null {
  const tz = useClubTimeZone();
  return tz ? clubToday(Date.now(), tz) : null;
}
