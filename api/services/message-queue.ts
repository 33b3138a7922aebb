import { stripUnsafeCharacters } from '../../domain/contract/common';
import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import { Resend } from 'resend';
import type { Db } from '../../db/client';
import { messageQueue, pushSubscriptions } from '../../db/schema';
import { PushRefused, type PushTransport } from './push';

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
  /** Throws on failure. `idempotencyKey` lets the provider drop a resend of the same message. */
  send(message: MailMessage & { from: string; idempotencyKey: string }): Promise<{ id?: string }>;
}

export function resendTransport(apiKey: string): MailTransport {
  const client = new Resend(apiKey);
  return {
    async send({ from, to, subject, text, html, idempotencyKey }) {
      // A provider that hangs must not hold up the rest of the queue; the key makes a retry safe.
      const { data, error } = await client.emails.send(
        { from, to, subject, text, ...(html ? { html } : {}) },
        { idempotencyKey, signal: AbortSignal.timeout(15_000) },
      );
      if (error) throw new Error(error.message);
      return { id: data?.id };
    },
  };
}

const MAX_ATTEMPTS = 6;
/** How long a claimed message is left to the process sending it (the transports time out within 15 s). */
const CLAIM_MS = 60_000;
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 60 * 60_000);

/**
 * The message queue: emails and Web Push notifications. `enqueue` and `enqueuePush` are synchronous
 * so they sit inside the transaction of the change that causes the message (a rolled-back change
 * sends nothing); `kick` delivers after commit. A failed delivery never fails a request; it is retried
 * with a growing delay.
 */
export class MessageQueue {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: {
      from: string;
      transport: MailTransport | null;
      /** null: pushes are kept and shown (Admin > Messages, the console), not sent (WEB_PUSH=off). */
      push?: PushTransport | null;
      clock?: () => number;
      /** The local mailbox's console: each email kept and each push, whole (development) or as a count. */
      log?: (line: string, channel: 'email' | 'push') => void;
    },
  ) {}

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

  /** Starts a delivery pass soon (after the current transaction has committed). */
  kick(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.deliverPending();
    }, 0);
    this.timer.unref?.();
  }

  /** One pass over due messages; a second call while one runs makes it go round once more. */
  deliverPending(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.pass();
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<void> {
    const now = this.now();
    // Due: waiting and its time has come, or claimed by a process that did not finish in time.
    const due = and(inArray(messageQueue.status, ['pending', 'sending']), lte(messageQueue.nextAttemptAt, now));
    const rows = this.db.select().from(messageQueue).where(due).orderBy(asc(messageQueue.id)).limit(50).all();
    for (const message of rows) {
      // Claimed before it is sent, in one statement: a second server on the same database (started by
      // mistake) finds it taken and sends nothing. A process that dies mid-send leaves the claim to
      // run out, and the message is tried again then.
      const claim = this.db
        .update(messageQueue)
        .set({ status: 'sending', nextAttemptAt: now + CLAIM_MS })
        .where(and(eq(messageQueue.id, message.id), due))
        .run();
      if (claim.changes !== 1) continue;
      const outcome = message.channel === 'push' ? await this.deliverPush(message) : await this.deliverEmail(message);
      this.db.update(messageQueue).set({ status: 'pending', ...outcome }).where(eq(messageQueue.id, message.id)).run();
    }
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

  private async deliverEmail(email: QueuedMessage): Promise<Outcome> {
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
      const result = await transport.send({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        // The provider drops a second send with the same key. The prefix never changes, so a message
        // queued by a running server and retried by the next version is still known as the same one.
        idempotencyKey: `club-outbox-${email.id}-${email.createdAt}`,
      });
      return { status: 'sent', sentAt: this.now(), providerId: result.id ?? null, attempts: email.attempts + 1 };
    } catch (err) {
      return this.retryLater(email, err instanceof Error ? err.message : String(err));
    }
  }

  /**
   * One push to one device. 2xx: sent. 404 or 410: the device has unsubscribed, so its subscription
   * is removed (its later pushes are dropped). 429, 5xx or no answer: tried again later. Any other 4xx
   * would fail again: given up. An endpoint the push policy refuses is a failure of this push only:
   * nothing is sent, the device stays, and nobody learns what (if anything) listens there.
   */
  private async deliverPush(message: QueuedMessage): Promise<Outcome> {
    const device =
      message.subscriptionId === null
        ? undefined
        : this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, message.subscriptionId)).get();
    if (!device) return { status: 'dropped', lastError: 'The device no longer receives notifications.' };
    const push = this.options.push ?? null;
    this.log('push', `--- push #${message.id} to ${message.to} (${device.label}): ${message.subject} — ${message.text} → ${message.url}${push ? '' : ' (not sent: WEB_PUSH=off)'}`);
    if (!push) return { status: 'logged', sentAt: this.now() };
    let status: number;
    try {
      status = await push.send(device, { title: message.subject, body: message.text, url: message.url ?? '/', tag: `club-${message.id}` });
    } catch (err) {
      if (err instanceof PushRefused) return { status: 'failed', attempts: message.attempts + 1, lastError: `Not sent: ${err.message}.` };
      return this.retryLater(message, `Push service not reached: ${err instanceof Error ? err.message : String(err)}`);
    }
    const attempts = message.attempts + 1;
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

  /** Retries due messages every `everyMs` (a timer that does not keep the process alive). */
  startWorker(everyMs = 15_000): () => Promise<void> {
    const handle = setInterval(() => void this.deliverPending(), everyMs);
    handle.unref();
    void this.deliverPending();
    return () => {
      clearInterval(handle);
      return this.flush();
    };
  }

  /**
   * For shutdown: no new pass starts, and the one in progress finishes, so a message handed to the
   * provider is recorded as sent (not sent again after the restart). Waiting messages stay for the next start.
   */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.again = false;
    await this.running;
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
