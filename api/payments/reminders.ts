// Who still owes the club (a membership, a payment request, a race's entry fee or an event's), who of a workout's roster owes (the
// offline set carries it, so the roster at the pool says whom to ask with no signal), and the treasurer's reminder to them:
// told the one way members are told (messaging/notify.ts), each at most once in the club's
// `reminderDays` however often the treasurer asks (payment_reminders keeps when each was last told).
import { eq, inArray, ne } from 'drizzle-orm';
import { paymentReminders, paymentRequestMembers, renewalRequests, users, workoutSignups } from '../../db/schema';
import { clubToday } from '../../domain/clock';
import { effectiveRole } from '../../domain/membership';
import type { OwingMember, RemindersAnswer, RosterOwing } from '../../domain/contract/members/payments';
import { mayRemind } from '../../domain/payments/payments';
import { clubName } from '../club/identity/identity';
import { documentBody } from '../club/documents';
import { clubDates } from '../club/settings';
import { noticeEmail } from '../messaging/mail-templates';
import { tellMember } from '../messaging/notify';
import type { AppDeps, CurrentUser } from '../platform/context';
import { clubTimeZone } from '../platform/club-time-zone';
import { mayHandle } from './access';
import { owesMembership } from './ledger';
import { owedPackages } from './prices';
import { askNewcomers, requestsOwedByAsked } from './requests';
import { feesOwedBy } from './entries/fees';

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
  askNewcomers(deps);
  // Members who asked to renew owe the renewal though their membership has not ended yet.
  const renewing = new Set(db.select({ userId: renewalRequests.userId }).from(renewalRequests).where(eq(renewalRequests.status, 'requested')).all().map((r) => r.userId));
  const asked = new Set(db.selectDistinct({ userId: paymentRequestMembers.userId }).from(paymentRequestMembers).all().map((r) => r.userId));
  const owing: OwingMember[] = [];
  for (const { user, remindedAt } of rows) {
    const owes = asked.has(user.id) ? requestsOwedByAsked(deps, user.id).map((r) => `${r.title} (${format.money(r.amountCents, currency)}, due ${format.date(r.dueDate, 'medium')})`) : [];
    for (const f of feesOwedBy(deps, user.id)) owes.push(`${f.name}${f.kind === 'race' ? ' entry fee' : ''} (${format.money(f.amountCents, f.currency)}, on ${format.date(f.date, 'medium')})`);
    if ((effectiveRole(user, today) === 'pending' || renewing.has(user.id)) && owesMembership(deps, user)) owes.unshift('Membership');
    if (owes.length > 0) owing.push({ userId: user.id, name: user.name, owes, remindedAt: remindedAt ?? null });
  }
  return owing.sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.userId - b.userId);
}

/**
 * Those signed up for `workoutIds` who owe the club, by name: who owes a membership (with any requests
 * besides) and, apart, who owes payment requests only; undefined for anyone who does not handle payments.
 */
export function rosterOwing(deps: AppDeps, user: CurrentUser, workoutIds: readonly number[]): { owing: RosterOwing[]; owingRequests: RosterOwing[] } | undefined {
  if (!mayHandle(deps, user)) return undefined;
  const none = { owing: [], owingRequests: [] };
  if (workoutIds.length === 0) return none;
  const { db } = deps.database;
  const ids = db.selectDistinct({ userId: workoutSignups.userId }).from(workoutSignups).where(inArray(workoutSignups.postId, [...workoutIds])).all().map((r) => r.userId);
  if (ids.length === 0) return none;
  const { currency } = documentBody(deps, 'payments');
  askNewcomers(deps, ids);
  const owing: RosterOwing[] = [];
  const owingRequests: RosterOwing[] = [];
  for (const member of db.select().from(users).where(inArray(users.id, ids)).all()) {
    if (member.role === 'rejected') continue;
    const owes = owesMembership(deps, member) ? owedPackages(deps, member.id) : [];
    const requests = requestsOwedByAsked(deps, member.id);
    const entry: RosterOwing = { userId: member.id, name: member.name, owes, currency, ...(requests.length > 0 ? { requests } : {}) };
    if (owes.length > 0) owing.push(entry);
    else if (requests.length > 0) owingRequests.push(entry);
  }
  const byName = (a: RosterOwing, b: RosterOwing) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.userId - b.userId;
  return { owing: owing.sort(byName), owingRequests: owingRequests.sort(byName) };
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
