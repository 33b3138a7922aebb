// WebAuthn challenges kept on the server: each is answered at most once (the row is deleted by the
// answer that uses it, before the answer is checked) and only within its lifetime.
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { passkeyChallenges } from '../../db/schema';
import type { AppDeps } from '../platform/context';

export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

export type ChallengePurpose = 'register' | 'login';

export function saveChallenge(
  deps: AppDeps,
  challenge: string,
  purpose: ChallengePurpose,
  owner: { userId: number; userHandle: string } | null,
): void {
  const now = deps.clock();
  const { db } = deps.database;
  deps.database.tx(() => {
    // Unanswered ones go as new ones come: the table holds a few minutes' worth.
    db.delete(passkeyChallenges).where(lte(passkeyChallenges.expiresAt, now)).run();
    db.insert(passkeyChallenges)
      .values({ challenge, purpose, userId: owner?.userId ?? null, userHandle: owner?.userHandle ?? null, expiresAt: now + CHALLENGE_LIFETIME_MS, createdAt: now })
      .run();
  });
}

/**
 * Uses up a live challenge issued for `purpose` (and, for a registration, to this member). Answers
 * the stored row, or undefined when it is unknown, used, expired or someone else's.
 */
export function takeChallenge(deps: AppDeps, challenge: string, purpose: ChallengePurpose, userId: number | null) {
  return deps.database.db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        userId === null ? isNull(passkeyChallenges.userId) : eq(passkeyChallenges.userId, userId),
        gt(passkeyChallenges.expiresAt, deps.clock()),
      ),
    )
    .returning()
    .get();
}
