// The message queue's sender: claims what is due and starts it within the limits, and records how
// each send went. Storage is store.ts, the limits and retries policy.ts, the providers transports.ts
// and web-push.ts.
import { stripUnsafeCharacters } from '../../../domain/contract/common';
import type { Db } from '../../../db/client';
import { reminderMemberOf } from '../../../db/queries/reminder-keys';
import type { MailMessage, MessageQueue, PushMessage } from '../../platform/message-queue';
import { CLAIM_MS, DELIVERY_LIMITS, PUSH_SCAN, PushHostHealth, countsAsMember, pushHostOf, retryLater, type DeliveryLimits } from './policy';
import { QueueStore, type Outcome, type MessageRow } from './store';
import { withTimeout, type MailTransport } from './transports';
import { PushRefused, type PushSender, type PushTransport } from './web-push';

export interface DispatcherOptions {
  /** The sender, read at each send: its display name is the club's name in force. */
  from: string | (() => string);
  transport: MailTransport | null;
  /** null: pushes are kept and shown (Admin > Messages, the console), not sent (WEB_PUSH=off). */
  push?: PushTransport | null;
  /** A push's contact address and icon, read at each send: the club's in force. */
  pushSender: () => PushSender;
  clock?: () => number;
  /**
   * The club's zone in force (an administrator may change it while the server runs): whether a
   * member's membership still counts is a question of the club's today.
   */
  clubTimeZone: () => string;
  /** The local mailbox's console: each email kept and each push, whole (development) or as a count. */
  log?: (line: string, channel: 'email' | 'push') => void;
  limits?: Partial<DeliveryLimits>;
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
export class MessageDispatcher implements MessageQueue {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly store: QueueStore;
  private readonly limits: DeliveryLimits;
  private readonly hosts: PushHostHealth;
  /** Sends of this process, by message id. */
  private readonly inFlight = new Map<number, Promise<void>>();
  private emailsInFlight = 0;
  private pushesInFlight = 0;
  private readonly perHost = new Map<string, number>();
  private idleWaiters: (() => void)[] = [];

  constructor(
    db: Db,
    private readonly options: DispatcherOptions,
  ) {
    this.store = new QueueStore(db);
    this.limits = { ...DELIVERY_LIMITS, ...options.limits };
    this.hosts = new PushHostHealth(this.limits, () => this.now());
  }

  private now() {
    return this.options.clock?.() ?? Date.now();
  }

  private mine(): number[] {
    return [...this.inFlight.keys()];
  }

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

  private insert(values: Parameters<QueueStore['insert']>[0]): number | null {
    const id = this.store.insert(values);
    if (id !== null) this.kick();
    return id;
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

  deliverPending(): Promise<void> {
    this.startDue();
    if (this.inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** One round, synchronous: claims and starts what is due and fits, then returns at once. */
  private startDue(): void {
    if (this.stopped) return;
    const now = this.now();
    const { limits } = this;

    const freeEmails = limits.emails - this.emailsInFlight;
    if (freeEmails > 0) {
      for (const message of this.store.dueEmails(now, this.mine(), freeEmails)) this.start(message, null, now);
    }

    if (this.pushesInFlight >= limits.pushes) return;
    for (const { message, endpoint } of this.store.duePushes(now, this.mine(), PUSH_SCAN)) {
      if (this.pushesInFlight >= limits.pushes) break;
      const host = pushHostOf(endpoint);
      if (host !== null) {
        const restUntil = this.hosts.restUntil(host);
        if (restUntil > now) {
          // A push for a resting push service waits until the rest is over, without counting an attempt.
          this.store.hold(message.id, now, this.mine(), restUntil, this.hosts.heldReason(host));
          continue;
        }
        if ((this.perHost.get(host) ?? 0) >= limits.perPushHost) continue;
      }
      this.start(message, host, now);
    }
  }

  private start(message: MessageRow, host: string | null, now: number): void {
    // Claimed before it is sent: a process that dies mid-send leaves the claim to run out, and the
    // message is tried again then.
    if (!this.store.claim(message.id, now, this.mine(), CLAIM_MS)) return;
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
          outcome = retryLater(message, `Not sent: ${err instanceof Error ? err.message : String(err)}`, this.now());
        }
        this.store.settle(message.id, outcome);
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

  private async deliverEmail(email: MessageRow): Promise<Outcome> {
    // A reminder is for a member: one whose membership has lapsed, or who was rejected or deleted
    // since it was queued, is not reminded of anything.
    const remindedId = reminderMemberOf(email.dedupeKey);
    if (remindedId !== null && !countsAsMember(this.store.member(remindedId), this.now(), this.options.clubTimeZone())) {
      return { status: 'dropped', lastError: 'Not sent: the member no longer counts as a member.' };
    }
    const { transport } = this.options;
    const from = typeof this.options.from === 'function' ? this.options.from() : this.options.from;
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
      return retryLater(email, err instanceof Error ? err.message : String(err), this.now());
    }
  }

  /**
   * One push to one device. 2xx: sent. 404 or 410: the device has unsubscribed, so its subscription
   * is removed (its later pushes are dropped). 429, 5xx or no answer: tried again later. Any other 4xx
   * would fail again: given up. An endpoint the push policy refuses is a failure of this push only:
   * nothing is sent, the device stays, and nobody learns what (if anything) listens there.
   */
  private async deliverPush(message: MessageRow, host: string | null): Promise<Outcome> {
    const found = message.subscriptionId === null ? undefined : this.store.device(message.subscriptionId);
    if (!found) return { status: 'dropped', lastError: 'The device no longer receives notifications.' };
    if (!countsAsMember(found, this.now(), this.options.clubTimeZone())) {
      return { status: 'dropped', lastError: 'Not sent: the member no longer counts as a member.' };
    }
    const { device } = found;
    const push = this.options.push ?? null;
    this.log('push', `--- push #${message.id} to ${message.to} (${device.label}): ${message.subject} — ${message.text} → ${message.url}${push ? '' : ' (not sent: WEB_PUSH=off)'}`);
    if (!push) return { status: 'logged', sentAt: this.now() };
    const { contact, icon } = this.options.pushSender();
    const payload = { title: message.subject, body: message.text, url: message.url ?? '/', tag: `club-${message.id}`, icon };
    let status: number;
    try {
      status = await withTimeout(this.limits.pushTimeoutMs, (signal) => push.send(device, payload, { contact, signal }));
    } catch (err) {
      if (err instanceof PushRefused) return { status: 'failed', attempts: message.attempts + 1, lastError: `Not sent: ${err.message}.` };
      this.hosts.answered(host, true);
      return retryLater(message, `Push service not reached: ${err instanceof Error ? err.message : String(err)}`, this.now());
    }
    const attempts = message.attempts + 1;
    this.hosts.answered(host, status === 429 || status >= 500);
    if (status >= 200 && status < 300) return { status: 'sent', sentAt: this.now(), attempts };
    if (status === 404 || status === 410) {
      this.store.removeDevice(device.id);
      return { status: 'dropped', attempts, lastError: `The push service answered ${status}: the device has unsubscribed; removed.` };
    }
    if (status === 429 || status >= 500) return retryLater(message, `The push service answered ${status}.`, this.now());
    return { status: 'failed', attempts, lastError: `The push service refused the push (${status}).` };
  }

  private log(channel: 'email' | 'push', line: string) {
    (this.options.log ?? console.log)(line, channel);
  }

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
}
