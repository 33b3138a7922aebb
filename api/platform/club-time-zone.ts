// The club's clock on the server: every club date the server reads or writes ("today", a workout's
// start, a reminder's hour) takes its zone from clubTimeZone(deps), so a change applies to the next
// request everywhere at once. The zone is the club's `time-zone` document (CLUB_TIMEZONE its default
// until an administrator publishes one); the documents are a feature this plumbing does not import,
// so the composition root (api/deps.ts) hands their reader over in the deps, as it does the message queue.
import type { AppDeps } from './context';

/** The club's IANA time zone in force. */
export function clubTimeZone(deps: Pick<AppDeps, 'clubTimeZone'>): string {
  return deps.clubTimeZone();
}
