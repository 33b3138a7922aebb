import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { attendanceOpens } from '../../../domain/clock';
import { attendanceRecords, attendanceSubmissions, workoutSignups } from '../../../db/schema';
import {
  attendanceCancelledMessage,
  attendanceOpensMessage,
  attendanceSubmittedMessage,
  notSignedUpForAttendanceMessage,
  type AttendanceAnswer,
  type AttendanceRecord,
} from '../../../domain/contract/training/forum';
import type { AppDeps, CurrentUser } from '../../platform/context';
import { ServiceError } from '../../platform/errors';
import { clubDates } from '../../club/settings';
import { requireWorkout } from '../posts/access';
import { cancelledText, attendanceLocked } from '../../../domain/rules';
import { clubWorkout, workoutStart } from '../posts/start-instants';
import { countAbsence } from './workouts';
import { clubTimeZone } from '../../platform/club-time-zone';

export const ATTENDANCE_SUBMITTED_MESSAGE = 'Attendance submitted. It is now locked and cannot be modified.';

/** The exec taking attendance; their name is stored with the submission. */
export type Submitter = Pick<CurrentUser, 'id'> & { name: string };

function readRecord(db: Db, postId: number): AttendanceRecord {
  const submission = db
    .select()
    .from(attendanceSubmissions)
    .where(eq(attendanceSubmissions.postId, postId))
    .get();
  if (!submission) return { attendance: {}, submitted: false, submitted_by: null, submitted_at: null };
  const rows = db
    .select()
    .from(attendanceRecords)
    .where(eq(attendanceRecords.postId, postId))
    .orderBy(asc(attendanceRecords.userId))
    .all();
  return {
    attendance: Object.fromEntries(rows.map((r) => [String(r.userId), r.present])),
    submitted: true,
    submitted_by: submission.submittedByName,
    submitted_at: submission.submittedAt,
  };
}

export function getAttendance(deps: AppDeps, workoutId: number): AttendanceRecord {
  requireWorkout(deps.database.db, workoutId);
  return readRecord(deps.database.db, workoutId);
}

/**
 * Records who came. The first submission wins and is locked forever (absences were counted from it):
 * a later one
 * answers 409 with the stored record. The record covers every signed-up member: one left out of the
 * map counts as not present, like an unticked box. Each signed-up member marked absent counts a
 * no-show absence (once per workout, with the same suspension rule as a late cancel).
 */
export function submitAttendance(
  deps: AppDeps,
  submitter: Submitter,
  workoutId: number,
  attendanceData: Record<string, boolean>,
): AttendanceAnswer {
  return deps.database.tx(() => {
    const { db } = deps.database;
    const post = requireWorkout(db, workoutId);
    const tz = clubTimeZone(deps);
    const existing = readRecord(db, post.id);
    if (post.cancelledAt !== null && !attendanceLocked(existing)) {
      throw new ServiceError(409, attendanceCancelledMessage(cancelledText('workout', post.cancelReason)), { cancelled: true });
    }
    // Before the start nobody can have come or not come: a submission then would lock a record of
    // absences that never happened, and the lock is permanent.
    const opensAt = workoutStart(post, tz);
    if (!attendanceLocked(existing) && !attendanceOpens(clubWorkout(post), deps.clock(), tz)) {
      throw new ServiceError(409, attendanceOpensMessage(clubDates(deps).instant(opensAt, tz, 'long')), {
        opens_at: opensAt,
      });
    }
    if (attendanceLocked(existing)) {
      const when = clubDates(deps).instant(existing.submitted_at!, tz, 'long');
      throw new ServiceError(409, attendanceSubmittedMessage(existing.submitted_by, when), {
        ...existing,
      });
    }
    const roster = db
      .select({ userId: workoutSignups.userId })
      .from(workoutSignups)
      .where(eq(workoutSignups.postId, post.id))
      .all()
      .map((r) => r.userId);
    const signedUp = new Set(roster.map(String));
    const stranger = Object.keys(attendanceData).find((key) => !signedUp.has(key));
    if (stranger !== undefined) {
      throw new ServiceError(400, notSignedUpForAttendanceMessage(stranger));
    }

    const now = deps.clock();
    db.insert(attendanceSubmissions)
      .values({
        postId: post.id,
        submittedBy: submitter.id,
        submittedByName: submitter.name,
        submittedAt: now,
      })
      .run();
    if (roster.length > 0) {
      db.insert(attendanceRecords)
        .values(
          roster.map((userId) => ({
            postId: post.id,
            userId,
            present: attendanceData[String(userId)] === true,
          })),
        )
        .run();
    }
    for (const userId of roster) {
      if (attendanceData[String(userId)] !== true) countAbsence(deps, userId, post.id, 'no-show', now);
    }
    return { message: ATTENDANCE_SUBMITTED_MESSAGE, ...readRecord(db, post.id) };
  });
}
