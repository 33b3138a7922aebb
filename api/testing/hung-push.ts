// A club whose members' devices all sit behind a push service that takes each push and never
// answers, served by the real (compiled) server with emails going to a mail stub: how long a
// password-reset email takes to reach the provider, with the hung pushes in flight or without them.
// Used by the queue fault test and the bench (bench/storms/hung-push.ts).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { fakeDevice, startPushService, type PushServiceStub } from './push-service';
import { freePort, startServer, type ChildServer } from './child-server';
import { newJwtSecret, prepareDatabase, tokensFor } from './seeded-database';
import { makeAgent, requestJson } from './json-client';
import { startMailStub, type MailStub } from '../faults/support/mail-stub';

export interface HungPushClub {
  server: ChildServer;
  mail: MailStub;
  hung: PushServiceStub;
  /** Members with no device, one per reset to time (a member may ask for 5 resets an hour). */
  resetEmails: string[];
  /** Posts a workout, which queues one push per hung device, and waits until the first are in flight. */
  queueHungPushes(): Promise<void>;
  /** Asks for a password reset; resolves with the milliseconds until its email reached the mail stub. */
  timeResetEmail(email: string, timeoutMs?: number): Promise<number>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startHungPushClub(
  dir: string,
  options: { devices: number; resets: number; env?: Record<string, string> },
): Promise<HungPushClub> {
  const databasePath = join(dir, 'club.db');
  const owners = Math.ceil(options.devices / 10);
  const { memberIds } = await prepareDatabase(databasePath, { members: 1 + owners + options.resets, workouts: 0, races: 0 });
  const [execId, ...rest] = memberIds;
  const ownerIds = rest.slice(0, owners);
  const hung = await startPushService({ hang: true });
  const mail = await startMailStub('ok');
  const db = new Database(databasePath);
  try {
    db.prepare("update users set role = 'exec' where id = ?").run(execId);
    const subscribe = db.prepare(
      "insert into push_subscriptions (user_id, endpoint, p256dh, auth, label, new_workouts) values (?, ?, ?, ?, 'Hung phone', 1)",
    );
    for (let i = 0; i < options.devices; i++) {
      const device = fakeDevice(`${hung.url}/push/${i}`);
      subscribe.run(ownerIds[i % owners], device.endpoint, device.keys.p256dh, device.keys.auth);
    }
  } finally {
    db.close();
  }
  const resetEmails = rest.slice(owners).map((_, i) => `fault${1 + owners + i}@club.test`);

  const jwtSecret = newJwtSecret();
  const server = await startServer({
    databasePath,
    port: await freePort(),
    jwtSecret,
    env: {
      NODE_ENV: 'production',
      TRUST_PROXY: '0',
      BACKUP_EVERY: 'off',
      RESEND_API_KEY: 're_fake_hung_push_key',
      RESEND_BASE_URL: mail.url,
      // The stub is the operator-named push service these devices use.
      PUSH_SERVICE_HOSTS: hung.host,
      ...options.env,
    },
  });
  const [execToken] = await tokensFor(jwtSecret, [execId!]);
  const agent = makeAgent(4);
  let workouts = 0;

  return {
    server,
    mail,
    hung,
    resetEmails,
    async queueHungPushes() {
      const before = hung.received.length;
      workouts += 1;
      const res = await requestJson(agent, `${server.url}/api/forum/posts`, {
        method: 'POST',
        token: execToken,
        body: {
          type: 'workout',
          title: `Hung push ${workouts}`,
          content: 'Every device of this club sits behind a push service that never answers.',
          workoutType: 'run',
          workoutDate: '2099-06-01',
          workoutTime: '18:00',
          capacity: null,
        },
      });
      if (res.status !== 201) throw new Error(`posting the workout answered ${res.status}: ${JSON.stringify(res.body)}`);
      const deadline = Date.now() + 5_000;
      while (hung.received.length === before && Date.now() < deadline) await sleep(10);
      if (hung.received.length === before) throw new Error(`no push reached the hung push service:\n${server.output()}`);
    },
    async timeResetEmail(email, timeoutMs = 30_000) {
      const seen = mail.calls.length;
      const t0 = performance.now();
      const res = await requestJson(agent, `${server.url}/api/auth/forgot-password`, { method: 'POST', body: { email } });
      if (res.status !== 200) throw new Error(`forgot-password answered ${res.status}: ${JSON.stringify(res.body)}`);
      const deadline = t0 + timeoutMs;
      while (performance.now() < deadline) {
        if (mail.calls.slice(seen).some((c) => c.to === email)) return performance.now() - t0;
        await sleep(2);
      }
      throw new Error(`the reset email to ${email} did not reach the mail stub within ${timeoutMs} ms`);
    },
    async close() {
      agent.destroy();
      await server.stop();
      await hung.close();
      await mail.close();
    },
  };
}
