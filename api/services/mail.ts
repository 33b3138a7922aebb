import { stripUnsafeCharacters } from '../contract/common';
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import { Resend } from 'resend';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailTransport {
  /** Throws on failure. `idempotencyKey` lets the provider drop a resend of the same message. */
  send(message: MailMessage & { from: string; idempotencyKey: string }): Promise<{ id?: string }>;
}

export function resendTransport(apiKey: string): MailTransport {
  const client = new Resend(apiKey);
  return {
    async send({ from, to, subject, text, html, idempotencyKey }) {
      // A provider that hangs must not hold up the rest of the outbox; the key makes a retry safe.
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
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 60 * 60_000);

/**
 * The email outbox (DESIGN.md §5). `enqueue` is synchronous so it can sit inside the transaction of
 * the change that causes the mail; `kick` delivers after commit. A mail failure never fails a request.
 */
export class MailService {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: {
      from: string;
      transport: MailTransport | null;
      clock?: () => number;
      log?: (line: string) => void;
    },
  ) {}

  private now() {
    return this.options.clock?.() ?? Date.now();
  }

  enqueue(message: MailMessage): number {
    const row = this.db
      .insert(emailOutbox)
      // A header line: whatever a template put in, no line break or control character gets through.
      .values({ ...message, subject: stripUnsafeCharacters(message.subject), html: message.html ?? null, nextAttemptAt: 0 })
      .returning({ id: emailOutbox.id })
      .get();
    this.kick();
    return row.id;
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
    const due = this.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, this.now())))
      .orderBy(asc(emailOutbox.id))
      .limit(50)
      .all();
    for (const mail of due) {
      const { transport, from } = this.options;
      if (!transport) {
        (this.options.log ?? console.log)(
          `\n--- email #${mail.id} (not sent: no RESEND_API_KEY; read it in Admin > Emails) ---\n` +
            `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n---`,
        );
        this.db.update(emailOutbox).set({ status: 'logged', sentAt: this.now() }).where(eq(emailOutbox.id, mail.id)).run();
        continue;
      }
      try {
        const result = await transport.send({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          idempotencyKey: `club-outbox-${mail.id}-${mail.createdAt}`,
        });
        this.db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: this.now(), providerId: result.id ?? null, attempts: mail.attempts + 1 })
          .where(eq(emailOutbox.id, mail.id))
          .run();
      } catch (err) {
        const attempts = mail.attempts + 1;
        this.db
          .update(emailOutbox)
          .set({
            attempts,
            lastError: err instanceof Error ? err.message.slice(0, 500) : String(err),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            nextAttemptAt: this.now() + backoffMs(attempts),
          })
          .where(eq(emailOutbox.id, mail.id))
          .run();
      }
    }
  }

  /** Retries due mail every `everyMs` (a timer that does not keep the process alive). */
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
   * provider is recorded as sent (not sent again after the restart). Waiting mail stays for the next start.
   */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.again = false;
    await this.running;
  }

  list(limit = 200) {
    return this.db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).limit(limit).all();
  }
}
