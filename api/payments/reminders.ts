// Who still owes the club (a membership, a payment request) and the treasurer's reminder to them:
// told the one way members are told (messaging/notify.ts), each at most once in the club's
// `reminderDays` however often the treasurer asks (payment_reminders keeps when each was last told).
import { eq, ne } from 'drizzle-orm';
import { paymentReminders, paymentRequestMembers, users } from '../../db/schema';
import { clubToday } from '../../domain/clock';
import { effectiveRole } from '../../domain/membership';
import type { OwingMember, RemindersAnswer } from '../../domain/contract/members/payments';
import { mayRemind } from '../../domain/payments/payments';
import { clubName } from '../club/identity/identity';
import { documentBody } from '../club/documents';
import { clubDates } from '../club/settings';
import { noticeEmail } from '../messaging/mail-templates';
import { tellMember } from '../messaging/notify';
import type { AppDeps } from '../platform/context';
import { clubTimeZone } from '../platform/club-time-zone';
import { owesMembership } from './ledger';
import { requestsOwedBy } from './requests';

/** Every account that owes the club something, by name, with when it was last reminded. */
export function owingList(deps: AppDeps): OwingMember[] {
  const { db } = deps.database;
  const { currency } = documentBody(deps, 'payments');
  const format = clubDates(deps);
  const rows = db
    .select({ user: users, remindedAt: paymentReminders.sentAt })
    .from(users)
    .leftJoin(paymentReminders, eq(paymentReminders.userId, users.id))
    .where(ne(users.role, 'rejected'))
    .all();
  // Only those who may owe are looked at closely: accounts counted as pending, and members asked for a payment.
  const today = clubToday(deps.clock(), clubTimeZone(deps));
  const asked = new Set(db.selectDistinct({ userId: paymentRequestMembers.userId }).from(paymentRequestMembers).all().map((r) => r.userId));
  const owing: OwingMember[] = [];
  for (const { user, remindedAt } of rows) {
    const owes = asked.has(user.id) ? requestsOwedBy(deps, user.id).map((r) => `${r.title} (${format.money(r.amountCents, currency)}, due ${format.date(r.dueDate, 'medium')})`) : [];
    if (effectiveRole(user, today) === 'pending' && owesMembership(deps, user)) owes.unshift('Membership');
    if (owes.length > 0) owing.push({ userId: user.id, name: user.name, owes, remindedAt: remindedAt ?? null });
  }
  return owing.sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.userId - b.userId);
}

/** Reminds each member who owes and was not reminded within the club's days; answers how many went and how many waited. */
export function remindOwing(deps: AppDeps): RemindersAnswer {
  const settings = documentBody(deps, 'payments');
  const now = deps.clock();
  const answer: RemindersAnswer = { reminded: 0, skipped: 0 };
  deps.database.tx(() => {
    const { db } = deps.database;
    for (const m of owingList(deps)) {
      if (!mayRemind(m.remindedAt, now, settings)) {
        answer.skipped += 1;
        continue;
      }
      const member = db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, m.userId)).get()!;
      const notice = { title: 'A payment to the club is waiting', body: `You owe the club: ${m.owes.join('; ')}. Pay on your profile.`, url: '/profile' };
      tellMember(deps, member, { kind: 'reminders', notice, email: () => noticeEmail(clubName(deps), member.email, member.name, notice, deps.env.APP_URL) });
      db.insert(paymentReminders).values({ userId: m.userId, sentAt: now }).onConflictDoUpdate({ target: paymentReminders.userId, set: { sentAt: now } }).run();
      answer.reminded += 1;
    }
  });
  return answer;
}
