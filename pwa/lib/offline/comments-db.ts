import Dexie, { type EntityTable } from 'dexie';

/** A comment on a workout or event. Kept only on this device: the club's server has no comments. */
export interface LocalComment {
  id: number;
  /** Whose comment: another account on the same device never sees it. */
  userId: number;
  postId: number;
  user_name: string;
  content: string;
  created_at: number;
}

export const commentsDb = new Dexie('club-comments') as Dexie & { comments: EntityTable<LocalComment, 'id'> };
commentsDb.version(1).stores({ comments: '++id, postId, user_name, content, created_at' });
// Comments became per user: the old ones cannot be told apart by account, so they go.
commentsDb
  .version(2)
  .stores({ comments: '++id, [userId+postId], userId' })
  .upgrade((tx) => tx.table('comments').clear());

export function listComments(userId: number, postId: number): Promise<LocalComment[]> {
  return commentsDb.comments.where('[userId+postId]').equals([userId, postId]).sortBy('created_at');
}

/** How many comments this user keeps on the device (logging out deletes them: it asks first). */
export async function countComments(userId: number): Promise<number> {
  try {
    return await commentsDb.comments.where('userId').equals(userId).count();
  } catch {
    return 0;
  }
}

export async function addComment(comment: Omit<LocalComment, 'id'>): Promise<void> {
  await commentsDb.comments.add(comment);
}
