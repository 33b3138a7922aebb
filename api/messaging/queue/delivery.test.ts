// How the message queue delivers: sends run side by side within limits (per channel, per push
// service), each with a timeout, a new message goes out at once whatever is in flight, and a push
// service that keeps failing is left alone for a while. Transports here are stand-ins; the timeouts
// are shortened so that a hung send costs a fraction of a second.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageQueue, pushSubscriptions } from '../../../db/schema';
import { PUSH_DEVICE } from '../../testing/push-service';
import { makeTestApp, type TestApp } from '../../testing/test-app';
import { clubPushSender } from '../../club/identity/identity';
import { MessageDispatcher } from './dispatcher';
import type { DeliveryLimits } from './policy';
import type { MailTransport } from './transports';
import type { PushTransport } from './web-push';
import { clubTimeZone } from '../../platform/club-time-zone';

const LIMITS: Partial<DeliveryLimits> = { emails: 2, pushes: 6, perPushHost: 2, hostFailures: 3, hostBackoffMs: 5 * 60_000, emailTimeoutMs: 300, pushTimeoutMs: 200 };

/** Endpoints on `hung.push.test` take the push and never answer (honouring the abort or not); others answer 201 at once. */
function pushService(options: { honourAbort?: boolean } = {}) {
  const started: string[] = [];
  let inFlight = 0;
  let peak = 0;
  const perHostPeak = new Map<string, number>();
  const perHost = new Map<string, number>();
  const transport: PushTransport = {
    send(target, _payload, { signal }) {
      const host = new URL(target.endpoint).host;
      started.push(target.endpoint);
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      perHost.set(host, (perHost.get(host) ?? 0) + 1);
      perHostPeak.set(host, Math.max(perHostPeak.get(host) ?? 0, perHost.get(host)!));
      const done = () => {
        inFlight -= 1;
        perHost.set(host, perHost.get(host)! - 1);
      };
      if (host !== 'hung.push.test') {
        return new Promise((resolve) => setTimeout(() => (done(), resolve(201)), 5));
      }
      return new Promise((_resolve, reject) => {
        if (options.honourAbort !== false) signal?.addEventListener('abort', () => (done(), reject(signal.reason)));
      });
    },
  };
  return { transport, started, peak: () => peak, perHostPeak };
}

function recordingMail(delayMs = 0) {
  const sent: { to: string }[] = [];
  let inFlight = 0;
  let peak = 0;
  const transport: MailTransport = {
    async send(message) {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, delayMs));
      inFlight -= 1;
      sent.push({ to: message.to });
      return { id: `mail-${sent.length}` };
    },
  };
  return { transport, sent, peak: () => peak };
}

async function setup(push: PushTransport, mail: MailTransport, limits: Partial<DeliveryLimits> = {}) {
  const t = makeTestApp();
  const queue = new MessageDispatcher(t.db, {
    from: 'club@club.test',
    transport: mail,
    push,
    pushSender: () => clubPushSender(t.deps),
    clock: t.clock.now,
    clubTimeZone: () => clubTimeZone(t.deps),
    log: () => {},
    limits: { ...LIMITS, ...limits },
  });
  const member = await t.createUser();
  return { t, queue, member };
}

function device(t: TestApp, userId: number, endpoint: string): number {
  return t.db.insert(pushSubscriptions).values({ userId, endpoint, ...PUSH_DEVICE.keys, label: 'Phone' }).returning().get().id;
}

function queuePushes(t: TestApp, queue: MessageDispatcher, member: { id: number; email: string }, host: string, n: number): void {
  for (let i = 0; i < n; i++) {
    const subscriptionId = device(t, member.id, `https://${host}/send/${host}-${i}`);
    queue.enqueuePush({ to: member.email, subscriptionId, title: 'New workout', body: 'Hill repeats', url: '/workout/1' });
  }
}

const rows = (t: TestApp) => t.db.select().from(messageQueue).all();

describe('message delivery', () => {
  it('sends an email at once while pushes hang, and never more than the limits at a time', async () => {
    const service = pushService();
    const mail = recordingMail(20);
    const { t, queue, member } = await setup(service.transport, mail.transport, { pushTimeoutMs: 1_500 });
    queuePushes(t, queue, member, 'hung.push.test', 20);
    queuePushes(t, queue, member, 'fcm.push.test', 3);
    const pushing = queue.deliverPending();
    for (let i = 0; i < 5; i++) queue.enqueue({ to: `reset${i}@club.test`, subject: 'Reset your password', text: 'link' });
    await expect.poll(() => mail.sent.length, { timeout: 1_000, interval: 10 }).toBe(5);
    // Every email went out before the first hung push had even timed out.
    expect(rows(t).filter((r) => r.channel === 'push' && r.status !== 'sent' && r.attempts > 0)).toEqual([]);
    expect(mail.sent.map((m) => m.to).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `reset${i}@club.test`));
    expect(mail.peak()).toBe(2);
    await pushing;
    expect(service.perHostPeak.get('hung.push.test')).toBe(2);
    expect(service.peak()).toBeLessThanOrEqual(6);
    // The other push service was not held up by the hung one.
    expect(rows(t).filter((r) => r.channel === 'push' && r.status === 'sent')).toHaveLength(3);
  });

  it('gives up on a hung push after its timeout, tries it again later, and rests a push service that keeps failing', async () => {
    const service = pushService();
    const mail = recordingMail();
    const { t, queue, member } = await setup(service.transport, mail.transport);
    queuePushes(t, queue, member, 'hung.push.test', 10);
    const t0 = performance.now();
    await queue.deliverPending();
    // Two at a time, each timing out: the third failure in a row rests the service, after 2 rounds.
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(service.started).toHaveLength(4);
    const now = t.clock.now();
    const hung = rows(t);
    const tried = hung.filter((r) => r.attempts === 1);
    const held = hung.filter((r) => r.attempts === 0);
    expect(tried).toHaveLength(4);
    for (const r of tried) expect(r).toMatchObject({ status: 'pending', nextAttemptAt: now + 30_000 });
    for (const r of tried) expect(r.lastError).toMatch(/Push service not reached: No answer within 0.2 s/);
    expect(held).toHaveLength(6);
    for (const r of held) expect(r).toMatchObject({ status: 'pending', nextAttemptAt: now + 5 * 60_000 });
    for (const r of held) expect(r.lastError).toMatch(/Held: the push service hung\.push\.test failed 3 times in a row/);

    // While it rests, its due retries are held too and nothing is sent to it; others go on.
    t.clock.advance(30_000);
    queuePushes(t, queue, member, 'fcm.push.test', 1);
    await queue.deliverPending();
    expect(service.started.filter((e) => e.includes('hung'))).toHaveLength(4);
    expect(rows(t).find((r) => r.lastError === null && r.status === 'sent')).toBeTruthy();
    expect(rows(t).filter((r) => r.attempts === 1 && r.nextAttemptAt === t.clock.now() - 30_000 + 5 * 60_000)).toHaveLength(4);

    // The rest is over: it is tried again.
    t.clock.advance(5 * 60_000);
    await queue.deliverPending();
    expect(service.started.filter((e) => e.includes('hung')).length).toBeGreaterThan(4);
  });

  it('stops waiting for a transport that ignores the timeout, and frees its slot', async () => {
    const service = pushService({ honourAbort: false });
    const mail = recordingMail();
    const { t, queue, member } = await setup(service.transport, mail.transport);
    queuePushes(t, queue, member, 'hung.push.test', 2);
    await queue.deliverPending();
    expect(rows(t).map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
  });

  it('records a transport that throws before it has begun as a failed attempt, leaving nothing behind', async () => {
    const throwing: PushTransport = {
      send() {
        throw new Error('cannot even start');
      },
    };
    const throwingMail: MailTransport = {
      send() {
        throw new Error('no provider today');
      },
    };
    const { t, queue, member } = await setup(throwing, throwingMail);
    queuePushes(t, queue, member, 'fcm.push.test', 1);
    queue.enqueue({ to: 'a@club.test', subject: 'A', text: 'a' });
    await queue.deliverPending();
    expect(rows(t).map((r) => [r.channel, r.status, r.attempts])).toEqual([
      ['push', 'pending', 1],
      ['email', 'pending', 1],
    ]);
    // Past both timeouts: no stray timer fires a rejection nobody handles.
    await new Promise((r) => setTimeout(r, 400));
  });

  it('starts a newly queued message at once while earlier sends are in flight', async () => {
    const service = pushService();
    const mail = recordingMail();
    const { t, queue, member } = await setup(service.transport, mail.transport);
    queuePushes(t, queue, member, 'hung.push.test', 2);
    const first = queue.deliverPending();
    await new Promise((r) => setTimeout(r, 20));
    queuePushes(t, queue, member, 'fcm.push.test', 1);
    queue.enqueue({ to: 'now@club.test', subject: 'Activation', text: 'Welcome' });
    await new Promise((r) => setTimeout(r, 60));
    expect(mail.sent.map((m) => m.to)).toEqual(['now@club.test']);
    expect(rows(t).filter((r) => r.status === 'sent')).toHaveLength(2);
    expect(rows(t).filter((r) => r.status === 'sending')).toHaveLength(2);
    await first;
  });

  it('waits at shutdown for the sends in flight and starts nothing new', async () => {
    const mail = recordingMail(100);
    const service = pushService();
    const { t, queue } = await setup(service.transport, mail.transport);
    queue.enqueue({ to: 'a@club.test', subject: 'A', text: 'a' });
    queue.enqueue({ to: 'b@club.test', subject: 'B', text: 'b' });
    queue.enqueue({ to: 'c@club.test', subject: 'C', text: 'c' });
    void queue.deliverPending();
    await queue.flush();
    expect(mail.sent.map((m) => m.to)).toEqual(['a@club.test', 'b@club.test']);
    expect(rows(t).map((r) => r.status)).toEqual(['sent', 'sent', 'pending']);
    queue.enqueue({ to: 'd@club.test', subject: 'D', text: 'd' });
    await new Promise((r) => setTimeout(r, 20));
    expect(mail.sent).toHaveLength(2);
    expect(t.db.select().from(messageQueue).where(eq(messageQueue.to, 'd@club.test')).get()).toMatchObject({ status: 'pending' });
  });
});
