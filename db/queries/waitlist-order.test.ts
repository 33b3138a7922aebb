import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { waitlistOrder as clubWaitlistOrder } from '../../domain/rules';
import { openDatabase } from '../client';
import { runMigrations } from '../migrate';
import { waitlistOrder, waitlistOrderSql } from './waitlist-order';
import { posts, users, waitlistEntries } from '../schema';

describe('the waitlist order in SQL', () => {
  it('sorts as domain/rules.ts does: by joining time, a tie by the stored order', () => {
    const database = openDatabase(':memory:');
    runMigrations(database);
    const { db } = database;
    const post = db.insert(posts).values({ type: 'workout', title: 'Swim', content: 'x' }).returning().get();
    // Joined out of id order, with two ties on the joining time.
    const joins = [5, 3, 3, 1, 5, 2];
    for (const [i, joinedAt] of joins.entries()) {
      const user = db.insert(users).values({ email: `m${i}@club.test`, passwordHash: 'x', name: `M${i}` }).returning().get();
      db.insert(waitlistEntries).values({ postId: post.id, userId: user.id, joinedAt }).run();
    }
    const stored = db.select().from(waitlistEntries).all();
    const expected = [...stored].sort(clubWaitlistOrder).map((e) => e.id);
    expect(expected).not.toEqual(stored.map((e) => e.id));

    const built = db.select().from(waitlistEntries).where(eq(waitlistEntries.postId, post.id)).orderBy(...waitlistOrder).all();
    expect(built.map((e) => e.id)).toEqual(expected);
    const text = database.sqlite
      .prepare(`select w.id from waitlist_entries w where w.post_id = ? order by ${waitlistOrderSql('w')}`)
      .pluck()
      .all(post.id);
    expect(text).toEqual(expected);
    database.close();
  });
});
