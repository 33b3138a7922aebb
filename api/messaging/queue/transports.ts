// How an email leaves the club: the mail provider (Resend), and the time limit every send of the
// message queue runs under. The push service client is web-push.ts.
import { Resend } from 'resend';
import type { MailMessage } from '../../platform/message-queue';

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
 * Runs `send` with a signal that aborts after `ms`, and stops waiting then even if it does not. A
 * send that throws before it has a promise is a failure like any other (and leaves no timer behind).
 */
export function withTimeout<T>(ms: number, send: (signal: AbortSignal) => Promise<T>): Promise<T> {
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
