// A change of plan in a lift tells its riders once, the app's one way (tellMember): keyed by lift,
// change and rider, so a retried request or a replayed outbox write does not tell anyone twice.
import { clubName } from '../club/identity/identity';
import { clubDates } from '../club/settings';
import type { RaceLiftRow } from '../../db/schema';
import { stripUnsafeCharacters } from '../../domain/contract/common';
import { noticeEmail, type NoticeText } from '../messaging/mail-templates';
import { tellMember } from '../messaging/notify';
import type { AppDeps } from '../platform/context';

export type Rider = { id: number; email: string; name: string };

function when(deps: AppDeps, leavingAt: string): string {
  const [day, time] = leavingAt.split('T');
  return clubDates(deps).dateTime(day!, time);
}

function tell(deps: AppDeps, riders: Rider[], notice: NoticeText, key: (rider: Rider) => string): number {
  let told = 0;
  for (const rider of riders) {
    const queued = tellMember(deps, rider, {
      kind: 'reminders',
      notice,
      email: () => noticeEmail(clubName(deps), rider.email, rider.name, notice, deps.env.APP_URL),
      dedupeKey: key(rider),
    });
    if (queued) told += 1;
  }
  return told;
}

/** The driver withdrew: every rider hears it once. */
export function tellLiftWithdrawn(deps: AppDeps, lift: RaceLiftRow, driverName: string, raceName: string, riders: Rider[]): number {
  const notice = {
    title: `Lift cancelled: ${stripUnsafeCharacters(raceName)}`,
    body: `${driverName} can no longer drive from ${lift.leavingFrom} (${when(deps, lift.leavingAt)}). Look for another lift on the race page.`,
    url: `/race/${lift.raceId}`,
  };
  return tell(deps, riders, notice, (r) => `lift:${lift.id}:withdrawn:${r.id}`);
}

/** The driver changed when the lift leaves: every rider hears the new time once. */
export function tellLiftMoved(deps: AppDeps, before: RaceLiftRow, leavingAt: string, driverName: string, raceName: string, riders: Rider[]): number {
  if (before.leavingAt === leavingAt) return 0;
  const notice = {
    title: `Lift time changed: ${stripUnsafeCharacters(raceName)}`,
    body: `${driverName}'s lift from ${before.leavingFrom} now leaves ${when(deps, leavingAt)} (was ${when(deps, before.leavingAt)}).`,
    url: `/race/${before.raceId}`,
  };
  return tell(deps, riders, notice, (r) => `lift:${before.id}:at:${leavingAt}:${r.id}`);
}
