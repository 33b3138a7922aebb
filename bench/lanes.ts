// Lanes on a quarter of the bench club's workouts, for the forum list's cost with lanes beside
// without: every fourth workout gets three lanes, and its members are spread over them in turn.
import { openDatabase } from '../db/client';

/** Adds the lanes in place (the running server sees a new data version); answers how many workouts got them. */
export function addLanesToQuarter(databasePath: string): number {
  const database = openDatabase(databasePath);
  try {
    const { sqlite } = database;
    const ids = (sqlite.prepare(`select id from posts where type = 'workout' order by id`).all() as { id: number }[])
      .map((r) => r.id)
      .filter((_, i) => i % 4 === 0);
    const addLane = sqlite.prepare(
      `insert into workout_lanes (post_id, position, name, pace, pace_from, pace_to, pace_unit, capacity) values (?, ?, ?, ?, ?, ?, 's/100m', ?) returning id`,
    );
    const setLane = sqlite.prepare(`update workout_signups set lane_id = ? where id = ?`);
    const setWaitLane = sqlite.prepare(`update waitlist_entries set lane_id = ? where id = ?`);
    sqlite.transaction(() => {
      for (const postId of ids) {
        const lanes = [0, 1, 2].map((n) => (addLane.get(postId, n, `Lane ${n + 1}`, '', n === 0 ? null : 80 + n * 10, 90 + n * 10, null) as { id: number }).id);
        const signups = sqlite.prepare(`select id from workout_signups where post_id = ? order by id`).all(postId) as { id: number }[];
        signups.forEach((s, i) => setLane.run(lanes[i % 3], s.id));
        const waiting = sqlite.prepare(`select id from waitlist_entries where post_id = ? order by id`).all(postId) as { id: number }[];
        waiting.forEach((w, i) => setWaitLane.run(lanes[i % 3], w.id));
      }
    })();
    return ids.length;
  } finally {
    database.close();
  }
}
