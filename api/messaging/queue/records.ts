// The message queue's rows as people see them: Admin > Messages lists them, and a deleted account's
// are forgotten.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { messageQueue, pushSubscriptions } from '../../../db/schema';
import { FORMER_MEMBER } from '../../../domain/contract/members/privacy';

/** Newest first, each push with the name of its device (null once the device is removed). */
export function listMessages(db: Db, limit = 200) {
  return db
    .select({ message: messageQueue, device: pushSubscriptions.label })
    .from(messageQueue)
    .leftJoin(pushSubscriptions, eq(pushSubscriptions.id, messageQueue.subscriptionId))
    .orderBy(desc(messageQueue.createdAt), desc(messageQueue.id))
    .limit(limit)
    .all()
    .map(({ message, device }) => ({ ...message, device }));
}

/**
 * A deleted account: its messages not yet sent are dropped, and every message to it, sent or not,
 * keeps neither address, subject nor text (the row stays, so Admin > Messages still adds up). Runs
 * inside the deletion's transaction. A send already under way finishes with what it had read.
 */
export function forgetRecipient(db: Db, email: string): number {
  const mine = sql`lower(${messageQueue.to}) = lower(${email})`;
  const redacted = { to: FORMER_MEMBER, subject: '(removed)', text: '', html: null, url: null };
  db.update(messageQueue)
    .set({ ...redacted, status: 'dropped', lastError: 'Not sent: the account was deleted.' })
    .where(and(mine, eq(messageQueue.status, 'pending')))
    .run();
  return db.update(messageQueue).set({ ...redacted, lastError: null }).where(mine).run().changes;
}
