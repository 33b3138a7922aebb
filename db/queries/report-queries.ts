// The club's attendance report for a range of club dates: per workout, who signed up and, once
// attendance is taken, who came.
import type { Database_ } from '../client';
import { preparedOnce } from './statements';

const TERM_REPORT_SQL = `
  select p.id, p.title, p.workout_type, p.workout_date, p.workout_time,
    (select count(*) from workout_signups s where s.post_id = p.id) as signed_up,
    exists(select 1 from attendance_submissions a where a.post_id = p.id) as submitted,
    (select count(*) from attendance_records r where r.post_id = p.id and r.present = 1) as present,
    (select count(*) from attendance_records r where r.post_id = p.id and r.present = 0) as absent,
    (select json_group_array(json_array(l.name,
        (select count(*) from workout_signups s where s.lane_id = l.id),
        (select count(*) from attendance_records r join workout_signups s on s.post_id = r.post_id and s.user_id = r.user_id
           where r.post_id = p.id and s.lane_id = l.id and r.present = 1),
        (select count(*) from attendance_records r join workout_signups s on s.post_id = r.post_id and s.user_id = r.user_id
           where r.post_id = p.id and s.lane_id = l.id and r.present = 0)) order by l.position)
       from workout_lanes l where l.post_id = p.id having count(*) > 0) as lanes
  from posts p
  where p.type = 'workout' and p.workout_date between ? and ?
  order by p.workout_date, p.workout_time, p.id`;

export interface TermReportRow {
  id: number;
  title: string;
  workout_type: string | null;
  workout_date: string;
  workout_time: string | null;
  signed_up: number;
  submitted: number;
  present: number;
  absent: number;
  /** A workout with lanes: JSON [name, signed up, present, absent] per lane; null without lanes. */
  lanes: string | null;
}

/** Workouts from `start` to `end` (club dates, inclusive), by date, time and id. */
export function termReportRows(database: Database_, start: string, end: string): TermReportRow[] {
  return preparedOnce(database, TERM_REPORT_SQL).all(start, end) as TermReportRow[];
}
