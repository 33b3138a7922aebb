// 1,000 members press "Sign up" on one capacity-10 workout at the same moment, then every refused
// one joins the waitlist at the same moment, as an installed older app asks (a budget of
// docs/bench.md): exactly 10 signed up, 990 waitlisted with places 1..990, no 5xx. Then the same
// members on another such workout the way the app asks now, one request each that waits if full
// (`waitlistIfFull`), with the same checks: the wall times of the two ways side by side.
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { makeAgent, requestJson, type JsonAnswer } from '../../api/testing/json-client';

export interface StormFigures {
  members: number;
  capacity: number;
  signedUp: number;
  refusedFull: number;
  waitlisted: number;
  positionsAreOneToN: boolean;
  status5xx: number;
  otherAnswers: Record<string, number>;
  connectionErrors: number;
  signupWallMs: number;
  waitlistWallMs: number;
  database: { signups: number; waitlist: number };
  ok: boolean;
  /** The one-request way, on its own workout (absent from older results). */
  oneRequest?: OneRequestStormFigures | null;
}

export interface OneRequestStormFigures {
  signedUp: number;
  waitlisted: number;
  positionsAreOneToN: boolean;
  status5xx: number;
  otherAnswers: Record<string, number>;
  connectionErrors: number;
  wallMs: number;
  database: { signups: number; waitlist: number };
  ok: boolean;
}

function countsIn(databasePath: string, workoutId: number): { signups: number; waitlist: number } {
  const db = new Database(databasePath, { readonly: true });
  try {
    const count = (table: string) =>
      (db.prepare(`select count(*) as n from ${table} where post_id = ?`).get(workoutId) as { n: number }).n;
    return { signups: count('workout_signups'), waitlist: count('waitlist_entries') };
  } finally {
    db.close();
  }
}

/** Every member asks once: a place if there is one, else the waitlist; the answer says which. */
export async function oneRequestStorm(
  base: string,
  tokens: string[],
  workoutId: number,
  capacity: number,
  databasePath: string,
): Promise<OneRequestStormFigures> {
  const agent = makeAgent(tokens.length);
  try {
    const storm = await all(
      tokens.map((token) => () =>
        requestJson(agent, `${base}/api/forum/workouts/${workoutId}/signup`, {
          method: 'POST',
          token,
          body: { signedUp: true, waitlistIfFull: true },
          headers: { 'idempotency-key': randomUUID() },
          timeoutMs: 60_000,
        }),
      ),
    );
    const answered = storm.outcomes.filter((o): o is JsonAnswer => o.status === 200);
    const otherAnswers: Record<string, number> = {};
    for (const o of storm.outcomes) if (o.status !== 200) otherAnswers[String(o.status)] = (otherAnswers[String(o.status)] ?? 0) + 1;
    const signedUp = answered.filter((o) => o.body?.signedUp === true).length;
    const positions = answered
      .filter((o) => o.body?.onWaitlist === true)
      .map((o) => Number(o.body?.position))
      .sort((a, b) => a - b);
    const positionsAreOneToN = positions.every((p, i) => p === i + 1);
    const database = countsIn(databasePath, workoutId);
    const status5xx = storm.outcomes.filter((o) => o.status >= 500).length;
    const connectionErrors = storm.outcomes.filter((o) => o.status === 0).length;
    const expectedWaitlist = tokens.length - capacity;
    return {
      signedUp,
      waitlisted: positions.length,
      positionsAreOneToN,
      status5xx,
      otherAnswers,
      connectionErrors,
      wallMs: storm.ms,
      database,
      ok:
        signedUp === capacity &&
        positions.length === expectedWaitlist &&
        positionsAreOneToN &&
        status5xx === 0 &&
        connectionErrors === 0 &&
        database.signups === capacity &&
        database.waitlist === expectedWaitlist,
    };
  } finally {
    agent.destroy();
  }
}

type Outcome = JsonAnswer | { status: 0; body: string };

async function all(requests: (() => Promise<JsonAnswer>)[]): Promise<{ outcomes: Outcome[]; ms: number }> {
  const started = performance.now();
  const outcomes = await Promise.all(
    requests.map((send) => send().catch((err: Error): Outcome => ({ status: 0, body: err.message }))),
  );
  return { outcomes, ms: performance.now() - started };
}

export async function signupStorm(
  base: string,
  tokens: string[],
  workoutId: number,
  capacity: number,
  databasePath: string,
): Promise<StormFigures> {
  // One socket per member: all 1,000 requests are in flight together.
  const agent = makeAgent(tokens.length);
  try {
    const signup = await all(
      tokens.map((token) => () =>
        requestJson(agent, `${base}/api/forum/workouts/${workoutId}/signup`, {
          method: 'POST',
          token,
          body: { signedUp: true },
          headers: { 'idempotency-key': randomUUID() },
          timeoutMs: 60_000,
        }),
      ),
    );
    const refused = tokens.filter((_, i) => signup.outcomes[i]!.status === 409);
    const waitlist = await all(
      refused.map((token) => () =>
        requestJson(agent, `${base}/api/forum/workouts/${workoutId}/waitlist`, {
          method: 'POST',
          token,
          headers: { 'idempotency-key': randomUUID() },
          timeoutMs: 60_000,
        }),
      ),
    );

    const everything = [...signup.outcomes, ...waitlist.outcomes];
    const otherAnswers: Record<string, number> = {};
    for (const o of signup.outcomes) if (o.status !== 200 && o.status !== 409) otherAnswers[`signup ${o.status}`] = (otherAnswers[`signup ${o.status}`] ?? 0) + 1;
    for (const o of waitlist.outcomes) if (o.status !== 200) otherAnswers[`waitlist ${o.status}`] = (otherAnswers[`waitlist ${o.status}`] ?? 0) + 1;
    const signedUp = signup.outcomes.filter((o) => o.status === 200 && (o as JsonAnswer).body?.signedUp === true).length;
    const positions = waitlist.outcomes
      .filter((o) => o.status === 200)
      .map((o) => Number((o as JsonAnswer).body?.position))
      .sort((a, b) => a - b);
    const positionsAreOneToN = positions.length === refused.length && positions.every((p, i) => p === i + 1);

    const database = countsIn(databasePath, workoutId);

    const status5xx = everything.filter((o) => o.status >= 500).length;
    const connectionErrors = everything.filter((o) => o.status === 0).length;
    const expectedWaitlist = tokens.length - capacity;
    return {
      members: tokens.length,
      capacity,
      signedUp,
      refusedFull: refused.length,
      waitlisted: positions.length,
      positionsAreOneToN,
      status5xx,
      otherAnswers,
      connectionErrors,
      signupWallMs: signup.ms,
      waitlistWallMs: waitlist.ms,
      database,
      ok:
        signedUp === capacity &&
        positions.length === expectedWaitlist &&
        positionsAreOneToN &&
        status5xx === 0 &&
        connectionErrors === 0 &&
        database.signups === capacity &&
        database.waitlist === expectedWaitlist,
    };
  } finally {
    agent.destroy();
  }
}
