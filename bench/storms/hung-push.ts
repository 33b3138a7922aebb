// A password-reset email while pushes hang: the real server (production settings, emails to a mail
// stub through the resend SDK) with 20 devices behind a push service that takes each push and never
// answers. The time from the forgot-password request to the email reaching the stub, with no push
// queued, then with a push queued to every hung device, in one run on one server. Goal: under 1 s with
// them, as without.
import { mkdirSync } from 'node:fs';
import { startHungPushClub } from '../../api/testing/hung-push';

export interface HungPushFigures {
  devices: number;
  /** Each reset's time to the mail stub, in ms: without pushes queued, then with the hung ones. */
  noneMs: number[];
  hungMs: number[];
  medianNoneMs: number;
  medianHungMs: number;
  maxHungMs: number;
  /** Pushes the hung service had taken (and not answered) when the last timed reset was done. */
  hungPushesTaken: number;
  goalMs: number;
  ok: boolean;
}

const DEVICES = 20;
const SAMPLES = 5;
const GOAL_MS = 1_000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export async function measureHungPush(dir: string): Promise<HungPushFigures> {
  mkdirSync(dir, { recursive: true });
  // One warm-up reset, then SAMPLES of each: a member per reset (a member gets 5 an hour).
  const club = await startHungPushClub(dir, { devices: DEVICES, resets: 1 + 2 * SAMPLES });
  try {
    const [warmUp, ...emails] = club.resetEmails;
    await club.timeResetEmail(warmUp!);
    const noneMs: number[] = [];
    for (const email of emails.slice(0, SAMPLES)) noneMs.push(await club.timeResetEmail(email));
    // Every hung push is queued; the first are in flight when the timed resets begin, and stay so
    // for the 5 s a push service has to answer (the samples take well under that).
    await club.queueHungPushes();
    const hungMs: number[] = [];
    for (const email of emails.slice(SAMPLES)) hungMs.push(await club.timeResetEmail(email));
    const maxHungMs = Math.max(...hungMs);
    return {
      devices: DEVICES,
      noneMs,
      hungMs,
      medianNoneMs: median(noneMs),
      medianHungMs: median(hungMs),
      maxHungMs,
      hungPushesTaken: club.hung.received.length,
      goalMs: GOAL_MS,
      ok: maxHungMs < GOAL_MS,
    };
  } finally {
    await club.close();
  }
}

export function renderHungPush(f: HungPushFigures | null): string {
  if (!f) return 'Password-reset email with hung pushes: not measured';
  const ms = (n: number) => n.toFixed(0);
  return (
    `Password-reset email to the mail stub, ${f.devices} hung pushes queued: median ${ms(f.medianHungMs)} ms (max ${ms(f.maxHungMs)}) ` +
    `vs ${ms(f.medianNoneMs)} ms with none, ${f.hungMs.length} resets each (goal < ${f.goalMs / 1000} s ${f.ok ? 'PASS' : 'FAIL'}) · ` +
    `${f.hungPushesTaken} pushes taken by the hung service, none answered`
  );
}
