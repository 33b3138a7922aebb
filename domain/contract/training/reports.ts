// Attendance history and the term report: answers only, read by the report screens.
import type { Term } from '../../calendar';
import type { WorkoutType } from './forum';

export type AttendanceStatus = 'present' | 'absent' | 'late-cancel';

export const ATTENDANCE_STATUS_LABELS: Record<AttendanceStatus, string> = {
  present: 'Attended',
  absent: 'Absent',
  'late-cancel': 'Late cancel',
};

export const TERM_ERROR = "term must be a term's key, e.g. 2026-fall, 2027-winter, 2027-spring or 2027-summer";
export const MEMBER_IDS_ERROR = 'ids must be a comma-separated list of member ids';

export interface MemberHistoryRow {
  /** null when the workout was deleted after a late cancel (the absence stays counted). */
  workout_id: number | null;
  title: string;
  workout_type: WorkoutType | null;
  /** club-local 'YYYY-MM-DD' */
  workout_date: string;
  workout_time: string | null;
  status: AttendanceStatus;
  /** The lane the member was in, on a workout with lanes (absent otherwise). */
  lane?: string;
}

export interface MemberHistoryAnswer {
  member: { id: number; name: string };
  term: Term;
  totals: { attended: number; absent: number; lateCancels: number };
  rows: MemberHistoryRow[];
}

export interface TermReportRow {
  workout_id: number;
  title: string;
  workout_type: WorkoutType;
  workout_date: string;
  workout_time: string;
  signedUp: number;
  /** null until attendance is submitted */
  present: number | null;
  absent: number | null;
  /**
   * Whether the workout has started: attendance not taken yet is "Not yet" before, "Not taken"
   * (missed) after. Missing from older servers.
   */
  started?: boolean;
  /** A workout with lanes: the counts per lane, in the lanes' order (absent for a workout without). */
  lanes?: TermReportLane[];
}

export interface TermReportLane {
  name: string;
  signedUp: number;
  /** null until attendance is submitted */
  present: number | null;
  absent: number | null;
}

export interface TermReportAnswer {
  term: Term;
  workouts: TermReportRow[];
}
