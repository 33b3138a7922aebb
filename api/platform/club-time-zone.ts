// The club's clock on the server: every club date the server reads or writes ("today", a workout's
// start, a reminder's hour) takes its zone from clubTimeZone(deps), so a change applies to the next
// request everywhere at once. The zone is the club's `time-zone` setting (api/club/club-time-zone.ts
// hands the reader over when the app is composed); until then, and in a bare service test, it is the
// server's CLUB_TIMEZONE, which is also that setting's default.
import type { AppDeps } from './context';

type ZoneDeps = Pick<AppDeps, 'database' | 'env'>;
type ZoneReader = (deps: ZoneDeps) => string;

let reader: ZoneReader = (deps) => deps.env.CLUB_TIMEZONE;

/** Called once by the club's settings: the zone in force comes from there. */
export function readClubTimeZoneWith(next: ZoneReader): void {
  reader = next;
}

/** The club's IANA time zone in force. */
export function clubTimeZone(deps: ZoneDeps): string {
  return reader(deps);
}
