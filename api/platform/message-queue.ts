// The server's message queue as every feature sees it: emails and Web Push notifications, queued
// inside the transaction of the change that causes them and delivered after commit. How it stores,
// limits and sends is api/messaging/queue/ (built by the composition root, api/deps.ts); the shared
// plumbing names only what a caller may do with it.

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

export interface MessageQueue {
  /**
   * Queues an email. With a `dedupeKey` the message is queued at most once, ever: a second call with
   * the same key (a second pass, a restart, a second process) queues nothing and answers null.
   */
  enqueue(message: MailMessage, dedupeKey?: string): number | null;
  /** Queues a push to one device; the same `dedupeKey` rule as `enqueue`. */
  enqueuePush(message: PushMessage, dedupeKey?: string): number | null;
  /** Starts every due message the limits allow, and resolves once this process has nothing in flight. */
  deliverPending(): Promise<void>;
  /** Looks for due messages every `everyMs`; the function it answers stops looking and flushes. */
  startWorker(everyMs?: number): () => Promise<void>;
  /** For shutdown: nothing new starts, and the sends in flight finish. */
  flush(): Promise<void>;
}
