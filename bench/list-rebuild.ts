// What a write costs the forum list: the next read rebuilds the shared list and each member's answer.
// Timed in the bench process on the bench database (same code as the server's, one core, warm).
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { openDatabase } from '../db/client';
import type { AppDeps } from '../api/platform/context';
import { buildWorkoutList, personalizedJson } from '../api/forum/posts/list';

export interface RebuildFigures {
  workouts: number;
  /** One statement, the start instants and the shared JSON: paid once per change of the data. */
  buildMs: number;
  /** One member's body, its hash (ETag) and its gzip: paid once per distinct answer per change. */
  answerMs: number;
}

export function measureListRebuild(databasePath: string, userIds: number[], rounds = 40): RebuildFigures {
  const database = openDatabase(databasePath);
  try {
    const deps = { env: { CLUB_TIMEZONE: 'America/Toronto' }, clubTimeZone: () => 'America/Toronto', clock: Date.now, database } as unknown as AppDeps;
    let list = buildWorkoutList(deps);
    for (let i = 0; i < 5; i++) list = buildWorkoutList(deps); // warm-up
    let started = performance.now();
    for (let i = 0; i < rounds; i++) list = buildWorkoutList(deps);
    const buildMs = (performance.now() - started) / rounds;
    started = performance.now();
    for (let i = 0; i < rounds; i++) {
      const json = personalizedJson(list, userIds[i % userIds.length]!);
      createHash('sha256').update(json).digest('base64url');
      gzipSync(json);
    }
    const answerMs = (performance.now() - started) / rounds;
    return { workouts: list.posts.length, buildMs, answerMs };
  } finally {
    database.close();
  }
}
