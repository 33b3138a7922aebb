// The reminder before a term: in the SAFETY_REMINDER_DAYS before a term starts, each member whose
// membership runs into it and who has no card confirmed or no waiver signed for it is told once
// (keyed `safety-reminder:<term>:<member>`), the one way members are told (tellMember).
import { and, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import { safetyCards, users } from '../../db/schema';
import { clubToday } from '../../domain/clock';
import { safetyReminderDue } from '../../domain/people/safety';
import { clubName } from '../club/identity/identity';
import { noticeEmail } from '../messaging/mail-templates';
import { tellMember } from '../messaging/notify';
import type { AppDeps } from '../platform/context';
import { clubTimeZone } from '../platform/club-time-zone';
import { activeMemberWhere } from '../platform/users';
import { signedThisTerm, termsNow } from './cards';

/** Queues the reminders due today; answers how many members were told. */
export function sendSafetyReminders(deps: AppDeps): number {
  const today = clubToday(deps.clock(), clubTimeZone(deps));
  const { coming } = termsNow(deps);
  if (!safetyReminderDue(coming, today)) return 0;
  return deps.database.tx(() => {
    const { db } = deps.database;
    const members = db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(and(activeMemberWhere(today), or(isNull(users.expiryDate), gte(users.expiryDate, coming.start))))
      .all();
    if (members.length === 0) return 0;
    const ids = members.map((m) => m.id);
    const confirmed = new Set(
      db
        .select({ id: safetyCards.userId })
        .from(safetyCards)
        .where(and(inArray(safetyCards.userId, ids), eq(safetyCards.confirmedTerm, coming.id)))
        .all()
        .map((r) => r.id),
    );
    const signed = signedThisTerm(deps, ids);
    let told = 0;
    for (const m of members) {
      const missing = [...(confirmed.has(m.id) ? [] : ['check your safety card']), ...(signed.has(m.id) ? [] : ['sign the waiver'])];
      if (missing.length === 0) continue;
      const notice = { title: `Before ${coming.label}: your safety card and waiver`, body: `Please ${missing.join(' and ')} in your profile before ${coming.label} starts.`, url: '/profile' };
      const queued = tellMember(deps, m, {
        kind: 'reminders',
        notice,
        email: () => noticeEmail(clubName(deps), m.email, m.name, notice, deps.env.APP_URL),
        dedupeKey: `safety-reminder:${coming.id}:${m.id}`,
      });
      if (queued) told += 1;
    }
    return told;
  });
}
