// Two servers started on one database by mistake, then a restart: every due reminder is
// queued once per member, and each device gets exactly one push, from real processes whose reminder
// passes run at the same moment (each runs one at start) against a push service on 127.0.0.1.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, clubToday } from '../../domain/clock';
import { fakeDevice, startPushService, type PushServiceStub } from '../testing/push-service';
import { freePort, startServer, type ChildServer } from '../testing/child-server';
import { newJwtSecret, prepareDatabase } from '../testing/seeded-database';

const MEMBERS = 30;
const WITH_DEVICES = 10;

describe('reminders with two servers on one database', () => {
  let dir: string;
  let service: PushServiceStub;
  const servers: ChildServer[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'club-reminders-fault-'));
    service = await startPushService();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill()));
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('queues each reminder once and pushes once per device, across both and a restart', async () => {
    const databasePath = join(dir, 'club.db');
    const { memberIds } = await prepareDatabase(databasePath, { members: MEMBERS, workouts: 0, races: 0 });
    const db = new Database(databasePath);
    // Tomorrow at 23:59, club time: its reminder (7 PM two days before) has come, the workout has not started.
    const date = addDays(clubToday(Date.now(), 'America/Toronto'), 1);
    const { lastInsertRowid } = db
      .prepare("insert into posts (type, title, content, workout_type, workout_date, workout_time) values ('workout', 'Late swim', 'Pool', 'swim', ?, '23:59')")
      .run(date);
    const workoutId = Number(lastInsertRowid);
    const signup = db.prepare('insert into workout_signups (post_id, user_id, signup_time) values (?, ?, 0)');
    for (const id of memberIds) signup.run(workoutId, id);
    const devices = memberIds.slice(0, WITH_DEVICES).map((id) => ({ id, device: fakeDevice(`${service.url}/push/${id}`) }));
    const subscribe = db.prepare(
      "insert into push_subscriptions (user_id, endpoint, p256dh, auth, label) values (?, ?, ?, ?, 'Test phone')",
    );
    for (const { id, device } of devices) subscribe.run(id, device.endpoint, device.keys.p256dh, device.keys.auth);
    db.close();

    const jwtSecret = newJwtSecret();
    // The stub is reached as an operator-named push service, the one way any push host is.
    const start = async () =>
      startServer({ databasePath, port: await freePort(), jwtSecret, env: { BACKUP_EVERY: 'off', PUSH_SERVICE_HOSTS: service.host } });
    servers.push(...(await Promise.all([start(), start()])));

    const check = new Database(databasePath, { readonly: true });
    check.pragma('busy_timeout = 5000');
    const keys = () =>
      (check.prepare("select dedupe_key as key, channel, status from message_queue where dedupe_key like 'reminder:%'").all() as {
        key: string;
        channel: string;
        status: string;
      }[]);
    await expect.poll(() => service.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(WITH_DEVICES);
    await expect.poll(() => keys().filter((k) => k.status !== 'pending').length, { timeout: 20_000 }).toBe(MEMBERS);

    const rows = keys();
    expect(new Set(rows.map((r) => r.key.split('#')[0])).size).toBe(MEMBERS);
    expect(rows.filter((r) => r.channel === 'push')).toHaveLength(WITH_DEVICES);
    expect(rows.filter((r) => r.channel === 'email')).toHaveLength(MEMBERS - WITH_DEVICES);

    // A restart of both: their start passes find every reminder already queued.
    await Promise.all(servers.splice(0).map((s) => s.stop()));
    servers.push(await start());
    await new Promise((r) => setTimeout(r, 1500));
    expect(keys()).toHaveLength(MEMBERS);

    // Exactly one push reached each device, and it reads as the reminder.
    expect(service.received.map((r) => r.path).sort()).toEqual(devices.map(({ id }) => `/push/${id}`).sort());
    for (const { id, device } of devices) {
      const push = service.received.find((r) => r.path === `/push/${id}`)!;
      expect(JSON.parse(device.decrypt(push.body))).toMatchObject({ title: 'Reminder: Late swim', url: `/workout/${workoutId}` });
    }
    check.close();
  });
});
