import { stripUnsafeCharacters } from '../../domain/contract/common';
import { and, asc, desc, eq, inArray, lte, ne, notInArray, sql } from 'drizzle-orm';
import { Resend } from 'resend';
import type { Db } from '../../db/client';
import { reminderMemberOf } from '../../db/reminder-keys';
import { messageQueue, pushSubscriptions, users } from '../../db/schema';
import { clubToday } from '../../domain/clock';
import { hasRole } from '../../domain/contract/roles';
import { FORMER_MEMBER } from '../../domain/contract/privacy';
import { PUSH_TIMEOUT_MS, PushRefused, type PushTransport } from './push';
import { effectiveRole } from '../../domain/membership';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** A notification for one device. `to` is the member's email: who it is for, in Admin > Messages. */
export interface PushMessage {
  to: string;
  subscriptionId: number;
  title: string;
  body: string;
  /** The app page a tap opens, e.g. /workout/12. */
  url: string;
}

/** One email or push in the queue, as stored. */
type QueuedMessage = typeof messageQueue.$inferSelect;
type Outcome = Partial<Pick<QueuedMessage, 'status' | 'attempts' | 'lastError' | 'nextAttemptAt' | 'sentAt' | 'providerId'>>;

export interface MailTransport {
  /**
   * Throws on failure. `idempotencyKey` lets the provider drop a resend of the same message; `signal`
   * ends the attempt when the queue stops waiting for it.
   */
  send(message: MailMessage & { from: string; idempotencyKey: string; signal?: AbortSignal }): Promise<{ id?: string }>;
}

/** A mail provider has this long to accept an email. */
export const EMAIL_TIMEOUT_MS = 10_000;

export function resendTransport(apiKey: string): MailTransport {
  const client = new Resend(apiKey);
  return {
    async send({ from, to, subject, text, html, idempotencyKey, signal }) {
      // A provider that hangs must not hold a sending slot; the key makes a retry safe.
      const { data, error } = await client.emails.send(
        { from, to, subject, text, ...(html ? { html } : {}) },
        { idempotencyKey, signal: signal ?? AbortSignal.timeout(EMAIL_TIMEOUT_MS) },
      );
      if (error) throw new Error(error.message);
      return { id: data?.id };
    },
  };
}

/**
 * How much is sent at once. Every send runs on its own (a hung one holds only its slot), with at most
 * `emails` emails and `pushes` pushes in flight, and at most `perPushHost` pushes to one push
 * service; a push service that fails `hostFailures` times in a row is left alone for
 * `hostBackoffMs`, its messages rescheduled rather than sent.
 */
export interface DeliveryLimits {
  emails: number;
  pushes: number;
  perPushHost: number;
  hostFailures: number;
  hostBackoffMs: number;
  emailTimeoutMs: number;
  pushTimeoutMs: number;
}

export const DELIVERY_LIMITS: DeliveryLimits = {
  emails: 4,
  pushes: 8,
  perPushHost: 2,
  hostFailures: 3,
  hostBackoffMs: 5 * 60_000,
  emailTimeoutMs: EMAIL_TIMEOUT_MS,
  pushTimeoutMs: PUSH_TIMEOUT_MS,
};

const MAX_ATTEMPTS = 6;
/**
 * How long a claimed message is left to the process sending it: well past the longest send's
 * timeout, so a claim never runs out while its send may still land.
 */
const CLAIM_MS = 60_000;
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 60 * 60_000);
/** Due pushes looked at per round: those of a busy or resting push service are passed over. */
const PUSH_SCAN = 200;

/** host:port of a push endpoint, the unit its push service is limited and rested by. */
function pushHostOf(endpoint: string | null): string | null {
  if (!endpoint) return null;
  try {
    return new URL(endpoint).host;
  } catch {
    return null;
  }
}

/**
 * Runs `send` with a signal that aborts after `ms`, and stops waiting then even if it does not. A
 * send that throws before it has a promise is a failure like any other (and leaves no timer behind).
 */
function withTimeout<T>(ms: number, send: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new Error(`No answer within ${ms / 1000} s`);
      controller.abort(err);
      reject(err);
    }, ms);
  });
  const sending = new Promise<T>((resolve, reject) => {
    send(controller.signal).then(resolve, reject);
  });
  return Promise.race([sending, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The message queue: emails and Web Push notifications. `enqueue` and `enqueuePush` are synchronous
 * so they sit inside the transaction of the change that causes the message (a rolled-back change
 * sends nothing); `kick` delivers after commit. A failed delivery never fails a request; it is retried
 * with a growing delay.
 *
 * Delivery is a set of independent sends, not a pass: each round (a kick, the worker's tick, a send
 * finishing) claims whatever is due and fits the limits and starts it, so a password-reset email
 * queued while pushes hang goes out at once, and no send can hold another for longer than its timeout.
 */
export class MessageQueue {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly limits: DeliveryLimits;
  /** Sends of this process, by message id. */
  private readonly inFlight = new Map<number, Promise<void>>();
  private emailsInFlight = 0;
  private pushesInFlight = 0;
  private readonly perHost = new Map<string, number>();
  private readonly hostHealth = new Map<string, { failures: number; restUntil: number }>();
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly options: {
      from: string;
      transport: MailTransport | null;
      /** null: pushes are kept and shown (Admin > Messages, the console), not sent (WEB_PUSH=off). */
      push?: PushTransport | null;
      clock?: () => number;
      /** The club's zone: whether a member's membership still counts is a question of the club's today. */
      timeZone: string;
      /** The local mailbox's console: each email kept and each push, whole (development) or as a count. */
      log?: (line: string, channel: 'email' | 'push') => void;
      limits?: Partial<DeliveryLimits>;
    },
  ) {
    this.limits = { ...DELIVERY_LIMITS, ...options.limits };
  }

  private now() {
    return this.options.clock?.() ?? Date.now();
  }

  /**
   * Queues an email. With a `dedupeKey` the message is queued at most once, ever: a second call with
   * the same key (a second pass, a restart, a second process) queues nothing and answers null.
   */
  enqueue(message: MailMessage, dedupeKey?: string): number | null {
    // A header line: whatever a template put in, no line break or control character gets through.
    return this.insert({
      channel: 'email',
      ...message,
      subject: stripUnsafeCharacters(message.subject),
      html: message.html ?? null,
      dedupeKey: dedupeKey ?? null,
    });
  }

  /** Queues a push to one device; the same `dedupeKey` rule as `enqueue`. */
  enqueuePush(message: PushMessage, dedupeKey?: string): number | null {
    return this.insert({
      channel: 'push',
      to: message.to,
      subscriptionId: message.subscriptionId,
      subject: stripUnsafeCharacters(message.title),
      text: message.body,
      url: message.url,
      dedupeKey: dedupeKey ?? null,
    });
  }

  private insert(values: typeof messageQueue.$inferInsert): number | null {
    const row = this.db
      .insert(messageQueue)
      .values({ ...values, nextAttemptAt: 0 })
      .onConflictDoNothing()
      .returning({ id: messageQueue.id })
      .get();
    if (row) this.kick();
    return row?.id ?? null;
  }

  /** Starts what is due soon (after the current transaction has committed), whatever is in flight. */
  kick(): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.startDue();
    }, 0);
    this.timer.unref?.();
  }

  /** Starts every due message the limits allow, and resolves once this process has nothing in flight. */
  deliverPending(): Promise<void> {
    this.startDue();
    if (this.inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Due: waiting and its time has come, or claimed by a process that did not finish in time. */
  private dueAt(now: number) {
    const due = and(inArray(messageQueue.status, ['pending', 'sending']), lte(messageQueue.nextAttemptAt, now));
    const mine = [...this.inFlight.keys()];
    return mine.length === 0 ? due : and(due, notInArray(messageQueue.id, mine));
  }

  /** One round, synchronous: claims and starts what is due and fits, then returns at once. */
  private startDue(): void {
    if (this.stopped) return;
    const now = this.now();
    const due = this.dueAt(now);
    const { limits } = this;

    const freeEmails = limits.emails - this.emailsInFlight;
    if (freeEmails > 0) {
      const emails = this.db
        .select()
        .from(messageQueue)
        .where(and(due, ne(messageQueue.channel, 'push')))
        .orderBy(asc(messageQueue.id))
        .limit(freeEmails)
        .all();
      for (const message of emails) this.start(message, null, now);
    }

    if (this.pushesInFlight >= limits.pushes) return;
    const pushes = this.db
      .select({ message: messageQueue, endpoint: pushSubscriptions.endpoint })
      .from(messageQueue)
      .leftJoin(pushSubscriptions, eq(pushSubscriptions.id, messageQueue.subscriptionId))
      .where(and(due, eq(messageQueue.channel, 'push')))
      .orderBy(asc(messageQueue.id))
      .limit(PUSH_SCAN)
      .all();
    for (const { message, endpoint } of pushes) {
      if (this.pushesInFlight >= limits.pushes) break;
      const host = pushHostOf(endpoint);
      if (host !== null) {
        const restUntil = this.hostHealth.get(host)?.restUntil ?? 0;
        if (restUntil > now) {
          this.hold(message, host, restUntil, now);
          continue;
        }
        if ((this.perHost.get(host) ?? 0) >= limits.perPushHost) continue;
      }
      this.start(message, host, now);
    }
  }

  /** A push for a resting push service waits until the rest is over, without counting an attempt. */
  private hold(message: QueuedMessage, host: string, until: number, now: number): void {
    this.db
      .update(messageQueue)
      .set({
        status: 'pending',
        nextAttemptAt: until,
        lastError: `Held: the push service ${host} failed ${this.limits.hostFailures} times in a row, so it is left alone for a while.`,
      })
      .where(and(eq(messageQueue.id, message.id), this.dueAt(now)))
      .run();
  }

  private start(message: QueuedMessage, host: string | null, now: number): void {
    // Claimed before it is sent, in one statement: a second server on the same database (started by
    // mistake) finds it taken and sends nothing. A process that dies mid-send leaves the claim to
    // run out, and the message is tried again then.
    const claim = this.db
      .update(messageQueue)
      .set({ status: 'sending', nextAttemptAt: now + CLAIM_MS })
      .where(and(eq(messageQueue.id, message.id), this.dueAt(now)))
      .run();
    if (claim.changes !== 1) return;
    const push = message.channel === 'push';
    if (push) {
      this.pushesInFlight += 1;
      if (host !== null) this.perHost.set(host, (this.perHost.get(host) ?? 0) + 1);
    } else {
      this.emailsInFlight += 1;
    }
    const sending = (async () => {
      try {
        let outcome: Outcome;
        try {
          outcome = push ? await this.deliverPush(message, host) : await this.deliverEmail(message);
        } catch (err) {
          outcome = this.retryLater(message, `Not sent: ${err instanceof Error ? err.message : String(err)}`);
        }
        this.db.update(messageQueue).set({ status: 'pending', ...outcome }).where(eq(messageQueue.id, message.id)).run();
      } catch {
        // The outcome could not be written (the database is going away): the claim runs out and the
        // message is tried again, by this process or the next.
      } finally {
        if (push) {
          this.pushesInFlight -= 1;
          if (host !== null) {
            const left = (this.perHost.get(host) ?? 1) - 1;
            if (left > 0) this.perHost.set(host, left);
            else this.perHost.delete(host);
          }
        } else {
          this.emailsInFlight -= 1;
        }
        this.inFlight.delete(message.id);
        // The slot is free: whatever waited for it goes now.
        this.startDue();
        if (this.inFlight.size === 0) {
          const waiters = this.idleWaiters;
          this.idleWaiters = [];
          for (const resolve of waiters) resolve();
        }
      }
    })();
    this.inFlight.set(message.id, sending);
  }

  private retryLater(message: QueuedMessage, error: string): Outcome {
    const attempts = message.attempts + 1;
    return {
      attempts,
      lastError: error.slice(0, 500),
      status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
      nextAttemptAt: this.now() + backoffMs(attempts),
    };
  }

  /** Whether this account (undefined: deleted) counts as a member on the club's today (effectiveRole). */
  private countsAsMember(user: { role: string; expiryDate: string | null } | undefined): boolean {
    return user !== undefined && hasRole(effectiveRole(user, clubToday(this.now(), this.options.timeZone)), 'member');
  }

  private async deliverEmail(email: QueuedMessage): Promise<Outcome> {
    // A reminder is for a member: one whose membership has lapsed, or who was rejected or deleted
    // since it was queued, is not reminded of anything.
    const remindedId = reminderMemberOf(email.dedupeKey);
    if (remindedId !== null) {
      const member = this.db.select({ role: users.role, expiryDate: users.expiryDate }).from(users).where(eq(users.id, remindedId)).get();
      if (!this.countsAsMember(member)) return { status: 'dropped', lastError: 'Not sent: the member no longer counts as a member.' };
    }
    const { transport, from } = this.options;
    if (!transport) {
      this.log(
        'email',
        `\n--- email #${email.id} (not sent: no RESEND_API_KEY; read it in Admin > Messages) ---\n` +
          `To: ${email.to}\nSubject: ${email.subject}\n\n${email.text}\n---`,
      );
      return { status: 'logged', sentAt: this.now() };
    }
    try {
      const result = await withTimeout(this.limits.emailTimeoutMs, (signal) =>
        transport.send({
          from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          ...(email.html ? { html: email.html } : {}),
          // The provider drops a second send with the same key. The prefix never changes, so a message
          // queued by a running server and retried by the next version is still known as the same one.
          idempotencyKey: `club-outbox-${email.id}-${email.createdAt}`,
          signal,
        }),
      );
      return { status: 'sent', sentAt: this.now(), providerId: result.id ?? null, attempts: email.attempts + 1 };
    } catch (err) {
      return this.retryLater(email, err instanceof Error ? err.message : String(err));
    }
  }

  /** A push service's answer (or silence) counts for or against resting it. */
  private hostAnswered(host: string | null, failed: boolean): void {
    if (host === null) return;
    if (!failed) {
      this.hostHealth.delete(host);
      return;
    }
    const health = this.hostHealth.get(host) ?? { failures: 0, restUntil: 0 };
    health.failures += 1;
    if (health.failures >= this.limits.hostFailures) health.restUntil = this.now() + this.limits.hostBackoffMs;
    this.hostHealth.set(host, health);
  }

  /**
   * One push to one device. 2xx: sent. 404 or 410: the device has unsubscribed, so its subscription
   * is removed (its later pushes are dropped). 429, 5xx or no answer: tried again later. Any other 4xx
   * would fail again: given up. An endpoint the push policy refuses is a failure of this push only:
   * nothing is sent, the device stays, and nobody learns what (if anything) listens there.
   */
  private async deliverPush(message: QueuedMessage, host: string | null): Promise<Outcome> {
    const found =
      message.subscriptionId === null
        ? undefined
        : this.db
            .select({ device: pushSubscriptions, role: users.role, expiryDate: users.expiryDate })
            .from(pushSubscriptions)
            .innerJoin(users, eq(users.id, pushSubscriptions.userId))
            .where(eq(pushSubscriptions.id, message.subscriptionId))
            .get();
    if (!found) return { status: 'dropped', lastError: 'The device no longer receives notifications.' };
    if (!this.countsAsMember(found)) return { status: 'dropped', lastError: 'Not sent: the member no longer counts as a member.' };
    const { device } = found;
    const push = this.options.push ?? null;
    this.log('push', `--- push #${message.id} to ${message.to} (${device.label}): ${message.subject} — ${message.text} → ${message.url}${push ? '' : ' (not sent: WEB_PUSH=off)'}`);
    if (!push) return { status: 'logged', sentAt: this.now() };
    let status: number;
    try {
      status = await withTimeout(this.limits.pushTimeoutMs, (signal) =>
        push.send(device, { title: message.subject, body: message.text, url: message.url ?? '/', tag: `club-${message.id}` }, signal),
      );
    } catch (err) {
      if (err instanceof PushRefused) return { status: 'failed', attempts: message.attempts + 1, lastError: `Not sent: ${err.message}.` };
      this.hostAnswered(host, true);
      return this.retryLater(message, `Push service not reached: ${err instanceof Error ? err.message : String(err)}`);
    }
    const attempts = message.attempts + 1;
    this.hostAnswered(host, status === 429 || status >= 500);
    if (status >= 200 && status < 300) return { status: 'sent', sentAt: this.now(), attempts };
    if (status === 404 || status === 410) {
      this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id)).run();
      return { status: 'dropped', attempts, lastError: `The push service answered ${status}: the device has unsubscribed; removed.` };
    }
    if (status === 429 || status >= 500) return this.retryLater(message, `The push service answered ${status}.`);
    return { status: 'failed', attempts, lastError: `The push service refused the push (${status}).` };
  }

  private log(channel: 'email' | 'push', line: string) {
    (this.options.log ?? console.log)(line, channel);
  }

  /** Looks for due messages every `everyMs` (a timer that does not keep the process alive). */
  startWorker(everyMs = 15_000): () => Promise<void> {
    const handle = setInterval(() => this.startDue(), everyMs);
    handle.unref();
    this.startDue();
    return () => {
      clearInterval(handle);
      return this.flush();
    };
  }

  /**
   * For shutdown: nothing new starts, and the sends in flight finish (each within its timeout), so a
   * message handed to the provider is recorded as sent (not sent again after the restart). Waiting
   * messages stay for the next start.
   */
  async flush(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /**
   * A deleted account: its messages not yet sent are dropped, and every message to it, sent or not,
   * keeps neither address, subject nor text (the row stays, so Admin > Messages still adds up). Runs
   * inside the deletion's transaction. A send already under way finishes with what it had read.
   */
  forgetRecipient(email: string): number {
    const mine = sql`lower(${messageQueue.to}) = lower(${email})`;
    const redacted = { to: FORMER_MEMBER, subject: '(removed)', text: '', html: null, url: null };
    this.db
      .update(messageQueue)
      .set({ ...redacted, status: 'dropped', lastError: 'Not sent: the account was deleted.' })
      .where(and(mine, eq(messageQueue.status, 'pending')))
      .run();
    return this.db.update(messageQueue).set({ ...redacted, lastError: null }).where(mine).run().changes;
  }

  /** Newest first, each push with the name of its device (null once the device is removed). */
  list(limit = 200) {
    return this.db
      .select({ message: messageQueue, device: pushSubscriptions.label })
      .from(messageQueue)
      .leftJoin(pushSubscriptions, eq(pushSubscriptions.id, messageQueue.subscriptionId))
      .orderBy(desc(messageQueue.createdAt), desc(messageQueue.id))
      .limit(limit)
      .all()
      .map(({ message, device }) => ({ ...message, device }));
  }
}
