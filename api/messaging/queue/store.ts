// The message queue's table (message_queue): a message stored, what is due, the claim that keeps two
// processes from sending one message, a send's outcome, and who a message is for.
import { and, asc, eq, inArray, lte, ne, notInArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { messageQueue, pushSubscriptions, users } from '../../../db/schema';

/** One email or push in the queue, as stored. */
export type MessageRow = typeof messageQueue.$inferSelect;
/** What a send changes of its message. */
export type Outcome = Partial<Pick<MessageRow, 'status' | 'attempts' | 'lastError' | 'nextAttemptAt' | 'sentAt' | 'providerId'>>;

export class QueueStore {
  constructor(private readonly db: Db) {}

  /** Stores a message, due at once; null when its dedupe key is already taken. */
  insert(values: typeof messageQueue.$inferInsert): number | null {
    const row = this.db
      .insert(messageQueue)
      .values({ ...values, nextAttemptAt: 0 })
      .onConflictDoNothing()
      .returning({ id: messageQueue.id })
      .get();
    return row?.id ?? null;
  }

  /** Due: waiting and its time has come, or claimed by a process that did not finish in time; `mine` (in flight here) aside. */
  private due(now: number, mine: readonly number[]) {
    const due = and(inArray(messageQueue.status, ['pending', 'sending']), lte(messageQueue.nextAttemptAt, now));
    return mine.length === 0 ? due : and(due, notInArray(messageQueue.id, [...mine]));
  }

  dueEmails(now: number, mine: readonly number[], limit: number): MessageRow[] {
    return this.db
      .select()
      .from(messageQueue)
      .where(and(this.due(now, mine), ne(messageQueue.channel, 'push')))
      .orderBy(asc(messageQueue.id))
      .limit(limit)
      .all();
  }

  /** Due pushes, oldest first, each with its device's endpoint (null once the device is gone). */
  duePushes(now: number, mine: readonly number[], limit: number): { message: MessageRow; endpoint: string | null }[] {
    return this.db
      .select({ message: messageQueue, endpoint: pushSubscriptions.endpoint })
      .from(messageQueue)
      .leftJoin(pushSubscriptions, eq(pushSubscriptions.id, messageQueue.subscriptionId))
      .where(and(this.due(now, mine), eq(messageQueue.channel, 'push')))
      .orderBy(asc(messageQueue.id))
      .limit(limit)
      .all();
  }

  /**
   * Claims a due message for `leaseMs`, in one statement: a second server on the same database
   * (started by mistake) finds it taken. False when it was not due any more.
   */
  claim(id: number, now: number, mine: readonly number[], leaseMs: number): boolean {
    const claim = this.db
      .update(messageQueue)
      .set({ status: 'sending', nextAttemptAt: now + leaseMs })
      .where(and(eq(messageQueue.id, id), this.due(now, mine)))
      .run();
    return claim.changes === 1;
  }

  /** Leaves a due message waiting until `until`, without counting an attempt. */
  hold(id: number, now: number, mine: readonly number[], until: number, reason: string): void {
    this.db
      .update(messageQueue)
      .set({ status: 'pending', nextAttemptAt: until, lastError: reason })
      .where(and(eq(messageQueue.id, id), this.due(now, mine)))
      .run();
  }

  /** Writes a send's outcome (waiting again unless the outcome says otherwise). */
  settle(id: number, outcome: Outcome): void {
    this.db.update(messageQueue).set({ status: 'pending', ...outcome }).where(eq(messageQueue.id, id)).run();
  }

  /** The account a reminder is for (undefined: deleted). */
  member(userId: number): { role: string; expiryDate: string | null } | undefined {
    return this.db.select({ role: users.role, expiryDate: users.expiryDate }).from(users).where(eq(users.id, userId)).get();
  }

  /** The device a push goes to, with its owner's standing (undefined: the device is gone). */
  device(subscriptionId: number) {
    return this.db
      .select({ device: pushSubscriptions, role: users.role, expiryDate: users.expiryDate })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId))
      .where(eq(pushSubscriptions.id, subscriptionId))
      .get();
  }

  /** A device whose push service says it has unsubscribed. */
  removeDevice(subscriptionId: number): void {
    this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId)).run();
  }
}
