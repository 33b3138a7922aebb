// Attendance history per member and the club's term report. Attended and absent come
// from the locked attendance records; late cancels from absence_log (reason 'late-cancel'), which
// keeps one row per member and workout even after the workout is deleted.
import { and, eq, gte, lte } from 'drizzle-orm';
import { clubToday, hasStarted } from '../../domain/clock';
import { TERM_ERROR, type MemberHistoryAnswer, type MemberHistoryRow, type TermReportAnswer } from '../../domain/contract/training/reports';
import { termFromId, termOfDate, type Term } from '../../domain/calendar';
import { clubTerms } from '../club/terms';
import { absenceLog, attendanceRecords, posts, users, workoutLanes, workoutSignups, type PostRow } from '../../db/schema';
import { termReportRows } from '../../db/queries/report-queries';
import type { AppDeps } from '../platform/context';
import { listMembers } from '../members/members';
import { toCsv } from './csv';
import { ServiceError } from '../platform/errors';
import { clubTimeZone } from '../platform/club-time-zone';
import { clubRegion } from '../club/settings';
import { showPhone } from '../../domain/region/phone';
import { MEMBER_NOT_FOUND } from '../../domain/contract/members/admin';


/** The term of `?term=`, or the club's current term when it is missing. */
export function resolveTerm(deps: AppDeps, key: string | undefined): Term {
  if (key === undefined || key === '') return termOfDate(clubTerms(deps), clubToday(deps.clock(), clubTimeZone(deps)));
  const term = termFromId(clubTerms(deps), key);
  if (!term) throw new ServiceError(400, TERM_ERROR);
  return term;
}

/** One line of a member's history; `post` is null once the workout was deleted. */
function historyRow(post: PostRow | null, date: string, status: MemberHistoryRow['status']): MemberHistoryRow {
  return {
    workout_id: post?.id ?? null,
    title: post?.title ?? 'Deleted workout',
    workout_type: post?.workoutType ?? null,
    workout_date: date,
    workout_time: post?.workoutTime ?? null,
    status,
  };
}

export function memberHistory(deps: AppDeps, memberId: number, term: Term): MemberHistoryAnswer {
  const { db } = deps.database;
  const member = db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, memberId)).get();
  if (!member) throw new ServiceError(404, MEMBER_NOT_FOUND);
  const tz = clubTimeZone(deps);

  const recorded = db
    .select({ post: posts, present: attendanceRecords.present, lane: workoutLanes.name })
    .from(attendanceRecords)
    .innerJoin(posts, eq(posts.id, attendanceRecords.postId))
    .leftJoin(workoutSignups, and(eq(workoutSignups.postId, attendanceRecords.postId), eq(workoutSignups.userId, attendanceRecords.userId)))
    .leftJoin(workoutLanes, eq(workoutLanes.id, workoutSignups.laneId))
    .where(
      and(
        eq(attendanceRecords.userId, memberId),
        gte(posts.workoutDate, term.start),
        lte(posts.workoutDate, term.end),
      ),
    )
    .all();
  const lateCancels = db
    .select({ post: posts, createdAt: absenceLog.createdAt })
    .from(absenceLog)
    .leftJoin(posts, eq(posts.id, absenceLog.postId))
    .where(and(eq(absenceLog.userId, memberId), eq(absenceLog.reason, 'late-cancel')))
    .all();

  const rows: MemberHistoryRow[] = recorded.map(({ post, present, lane }) => ({
    ...historyRow(post, post.workoutDate ?? '', present ? 'present' : 'absent'),
    ...(lane !== null && { lane }),
  }));
  for (const { post, createdAt } of lateCancels) {
    // A deleted workout's date is gone: the day of the cancel stands in for it.
    const date = post?.workoutDate ?? clubToday(createdAt, tz);
    if (date < term.start || date > term.end) continue;
    rows.push(historyRow(post, date, 'late-cancel'));
  }
  rows.sort(
    (a, b) =>
      a.workout_date.localeCompare(b.workout_date) || (a.workout_time ?? '').localeCompare(b.workout_time ?? ''),
  );
  const count = (status: MemberHistoryRow['status']) => rows.filter((r) => r.status === status).length;
  return {
    member,
    term,
    totals: { attended: count('present'), absent: count('absent'), lateCancels: count('late-cancel') },
    rows,
  };
}

export function termReport(deps: AppDeps, term: Term): TermReportAnswer {
  const rows = termReportRows(deps.database, term.start, term.end);
  const now = deps.clock();
  return {
    term,
    workouts: rows.map((r) => ({
      workout_id: r.id,
      title: r.title,
      workout_type: r.workout_type ?? 'other',
      workout_date: r.workout_date,
      workout_time: r.workout_time ?? '',
      signedUp: r.signed_up,
      present: r.submitted ? r.present : null,
      absent: r.submitted ? r.absent : null,
      started: hasStarted({ workout_date: r.workout_date, workout_time: r.workout_time }, now, clubTimeZone(deps)),
      ...(r.lanes && {
        lanes: (JSON.parse(r.lanes) as [string, number, number, number][]).map(([name, signedUp, present, absent]) => ({
          name,
          signedUp,
          present: r.submitted ? present : null,
          absent: r.submitted ? absent : null,
        })),
      }),
    })),
  };
}

// ---------- CSV ----------

export interface CsvFile {
  filename: string;
  body: string;
}

/** Lowercase letters, digits and dashes: safe in a Content-Disposition filename everywhere. */
function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, '-')
      .replace(/-+/g, '-')
      .slice(0, 40) || 'member'
  );
}

export function memberHistoryCsv(answer: MemberHistoryAnswer): CsvFile {
  const labels = { present: 'attended', absent: 'absent', 'late-cancel': 'late cancel' } as const;
  return {
    filename: `attendance-${slug(answer.member.name)}-${answer.term.key}.csv`,
    body: toCsv(
      ['Member', 'Term', 'Date', 'Time', 'Workout', 'Type', 'Status', 'Lane'],
      answer.rows.map((r) => [
        answer.member.name,
        answer.term.label,
        r.workout_date,
        r.workout_time,
        r.title,
        r.workout_type,
        labels[r.status],
        r.lane ?? '',
      ]),
    ),
  };
}

export function termReportCsv(answer: TermReportAnswer): CsvFile {
  return {
    filename: `attendance-report-${answer.term.key}.csv`,
    body: toCsv(
      ['Date', 'Time', 'Workout', 'Type', 'Signed up', 'Present', 'Absent', 'Attendance taken', 'Lane'],
      // A workout with lanes is a row per lane, each lane's counts.
      answer.workouts.flatMap((w) =>
        (w.lanes ?? [{ name: '', signedUp: w.signedUp, present: w.present, absent: w.absent }]).map((lane) => [
          w.workout_date,
          w.workout_time,
          w.title,
          w.workout_type,
          lane.signedUp,
          lane.present,
          lane.absent,
          w.present === null ? 'no' : 'yes',
          lane.name,
        ]),
      ),
    ),
  };
}

/** The members table as CSV; with `ids`, only those members (the table's bulk export). */
export function membersCsv(deps: AppDeps, ids?: ReadonlySet<number>): CsvFile {
  const day = clubToday(deps.clock(), clubTimeZone(deps));
  const { country } = clubRegion(deps);
  return {
    filename: `members-${day}.csv`,
    body: toCsv(
      ['Name', 'Email', 'Role', 'Phone', 'Joined', 'Expires', 'Expired', 'Absences', 'Charter accepted'],
      listMembers(deps).filter((m) => !ids || ids.has(m.id)).map((m) => [
        m.name,
        m.email,
        m.role,
        // As the members table shows it ('0412 345 678'): a spreadsheet would read '+61…' as a formula or a number.
        showPhone(m.phone_number, country),
        m.join_date,
        m.expiry_date,
        m.expired ? 'yes' : 'no',
        m.absences,
        m.charter_accepted ? 'yes' : 'no',
      ]),
    ),
  };
}
