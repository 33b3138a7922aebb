// Duty reminders, one pass at a given instant (the reminder clock calls it every minute): each holder
// the day before their duty, and the members who may take a duty still open three days before it.
// Each once per duty and member: keyed `duty-reminder:` / `duty-open:<duty>:<member>`, and the
// message queue's unique keys stop a second pass or process sending it again.
import { and, eq, gt } from 'drizzle-orm';
import { duties, dutyHolders, users, type DutyRow } from '../../db/schema';
import { clubToday } from '../../domain/clock';
import { hasRole } from '../../domain/contract/roles';
import { dutyFull, dutyReminderDue, dutyStartsSoon, mayHoldDuty, readQualifications, type DutyEligibility } from '../../domain/people/duties';
import { clubName } from '../club/identity/identity';
import { clubDates } from '../club/settings';
import { noticeEmail } from '../messaging/mail-templates';
import { tellMember } from '../messaging/notify';
import type { AppDeps } from '../platform/context';
import { clubTimeZone } from '../platform/club-time-zone';
import { activeMemberWhere } from '../platform/users';

interface Recipient {
  id: number;
  email: string;
  name: string;
}

function pageOf(row: DutyRow): string {
  return row.place === 'race' ? `/race/${row.placeId}` : `/${row.place}/${row.placeId}`;
}

function tell(deps: AppDeps, m: Recipient, key: string, title: string, body: string, url: string): boolean {
  const notice = { title, body, url };
  return tellMember(deps, m, {
    kind: 'reminders',
    notice,
    email: () => noticeEmail(clubName(deps), m.email, m.name, notice, deps.env.APP_URL),
    dedupeKey: key,
  });
}

/** Queues the duty reminders due at `now`; answers how many of each went. */
export function sendDutyReminders(deps: AppDeps, now = deps.clock()): { holders: number; open: number } {
  const tz = clubTimeZone(deps);
  const dates = clubDates(deps);
  const today = clubToday(now, tz);
  const pass = { holders: 0, open: 0 };
  deps.database.tx(() => {
    const { db } = deps.database;
    const member = { id: users.id, email: users.email, name: users.name };
    const memberIs = and(eq(users.remindersEnabled, true), activeMemberWhere(today));

    const coming = db.select().from(duties).where(gt(duties.startsAt, now)).all();
    for (const row of coming.filter((d) => dutyReminderDue(d.startsAt, now))) {
      const holders = db.select(member).from(dutyHolders).innerJoin(users, eq(users.id, dutyHolders.userId)).where(and(eq(dutyHolders.dutyId, row.id), memberIs)).all();
      const when = dates.instant(row.startsAt, tz, 'long');
      for (const m of holders) {
        if (tell(deps, m, `duty-reminder:${row.id}:${m.id}`, `Your duty: ${row.kind}`, `You are on ${row.kind} duty, ${when}.`, pageOf(row))) pass.holders += 1;
      }
    }

    for (const row of coming.filter((d) => dutyStartsSoon(d.startsAt, now))) {
      const held = db.select({ userId: dutyHolders.userId }).from(dutyHolders).where(eq(dutyHolders.dutyId, row.id)).all();
      if (dutyFull(row.places, held.length)) continue;
      const holding = new Set(held.map((h) => h.userId));
      const when = dates.instant(row.startsAt, tz, 'long');
      const members = db.select({ ...member, role: users.role, qualifications: users.qualifications }).from(users).where(memberIs).all();
      for (const m of members) {
        if (holding.has(m.id)) continue;
        const may = mayHoldDuty(
          { eligibility: row.eligibility as DutyEligibility, qualification: row.qualification },
          { exec: hasRole(m.role, 'exec'), qualifications: readQualifications(m.qualifications) },
        );
        if (!may) continue;
        if (tell(deps, m, `duty-open:${row.id}:${m.id}`, `Still open: ${row.kind}`, `A ${row.kind} duty, ${when}, still needs someone.`, pageOf(row))) pass.open += 1;
      }
    }
  });
  return pass;
}
