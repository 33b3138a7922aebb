// Nothing stalls the message queue: twenty devices sit behind a push service that accepts each push
// and never answers, a workout queues a push to every one of them, and a member then asks for a
// password reset. The real server (production settings) hands the email to the mail provider at once,
// whatever the pushes are doing, and exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHungPushClub, type HungPushClub } from '../testing/hung-push';

const HUNG_DEVICES = 20;
/** Well under the 5 s a push service has to answer: generous, the machine is shared. */
const QUICKLY_MS = 3_000;

describe('a password-reset email while twenty pushes hang', () => {
  let dir: string;
  let club: HungPushClub;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'club-queue-stall-'));
    club = await startHungPushClub(dir, { devices: HUNG_DEVICES, resets: 1 });
  });
  afterAll(async () => {
    await club?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reaches the mail provider quickly and exactly once', async () => {
    await club.queueHungPushes();
    const email = club.resetEmails[0]!;
    const elapsed = await club.timeResetEmail(email, 20_000);
    expect(elapsed).toBeLessThan(QUICKLY_MS);

    // The pushes are still hanging, two at a time on their push service, and the email is not sent again.
    const inFlight = club.hung.received.length;
    expect(inFlight).toBeGreaterThanOrEqual(1);
    expect(inFlight).toBeLessThanOrEqual(4);
    await new Promise((r) => setTimeout(r, 1_000));
    const calls = club.mail.calls.filter((c) => c.to === email);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.answered).toBe(200);
    expect(calls[0]!.subject).toMatch(/password/i);
  });
});
