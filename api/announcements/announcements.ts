// Club announcements (docs/decisions/0074-club-announcements.md): an exec posts a short note that is
// pinned on members' Home until its last day, and each active member hears of it once, the way every
// member is told (domain/notify.ts): a push to each device that keeps "Club announcements" on, or an
// email for a member with no such device.
import { clubName } from '../club/identity/identity';
import { and, asc, desc, eq, gte, ne } from 'drizzle-orm';
import { announcementKey } from '../../db/queries/reminder-keys';
import { announcementDismissals, announcements, users, type AnnouncementRow } from '../../db/schema';
import { clubToday } from '../../domain/clock';
import {
  ANNOUNCEMENT_MANAGERS_ONLY_ERROR,
  ANNOUNCEMENT_NOT_FOUND,
  type Announcement,
  type AnnouncementAnswer,
  type AnnouncementDismissedAnswer,
} from '../../domain/contract/club/announcements';
import type { NewAnnouncement } from '../../domain/contract/club/announcements-schemas';
import { canManagePost } from '../../domain/rules';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { announcementNotice, noticeEmail } from '../messaging/mail-templates';
import { tellMember } from '../messaging/notify';
import type { Actor } from '../forum/posts/access';
import { DELETED_AUTHOR } from '../forum/posts/answers';
import { activeMemberWhere } from '../platform/users';
import { clubTimeZone } from '../platform/club-time-zone';

function today(deps: AppDeps): string {
  return clubToday(deps.clock(), clubTimeZone(deps));
}

function toAnswer(row: AnnouncementRow, authorName: string | null, dismissed: boolean): Announcement {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    until: row.until,
    user_id: row.userId,
    author_name: authorName ?? DELETED_AUTHOR,
    created_at: row.createdAt,
    dismissed,
  };
}

/** GET /announcements: the ones whose last day has not passed, newest first, each saying whether `viewerId` dismissed it. */
export function currentAnnouncements(deps: AppDeps, viewerId: number): Announcement[] {
  return deps.database.db
    .select({ row: announcements, author: users.name, dismissedBy: announcementDismissals.userId })
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.userId))
    .leftJoin(
      announcementDismissals,
      and(eq(announcementDismissals.announcementId, announcements.id), eq(announcementDismissals.userId, viewerId)),
    )
    .where(gte(announcements.until, today(deps)))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .all()
    .map(({ row, author, dismissedBy }) => toAnswer(row, author, dismissedBy !== null));
}

/**
 * POST /announcements/:id/dismiss: the member's own choice, so any member may make it, and making it
 * again (a second phone, a retried request) changes nothing. A removed or past announcement is 404.
 */
export function dismissAnnouncement(deps: AppDeps, actor: Actor, id: number): AnnouncementDismissedAnswer {
  return deps.database.tx(() => {
    const { db } = deps.database;
    const row = db
      .select({ id: announcements.id })
      .from(announcements)
      .where(and(eq(announcements.id, id), gte(announcements.until, today(deps))))
      .get();
    if (!row) throw new ServiceError(404, ANNOUNCEMENT_NOT_FOUND);
    db.insert(announcementDismissals)
      .values({ announcementId: id, userId: actor.id, dismissedAt: deps.clock() })
      .onConflictDoNothing()
      .run();
    return { dismissed: true };
  });
}

/**
 * POST /announcements: stored and, in the same transaction, queued once per active member but the
 * author (keyed `announcement:<id>:<member>`): pushes to the devices that take announcements, an
 * email to a member with none (tellMember).
 */
export function postAnnouncement(deps: AppDeps, actor: Actor, input: NewAnnouncement): AnnouncementAnswer {
  return deps.database.tx(() => {
    const { db } = deps.database;
    const now = deps.clock();
    const row = db
      .insert(announcements)
      .values({ userId: actor.id, title: input.title, body: input.body, until: input.until, createdAt: now })
      .returning()
      .get();
    const notice = announcementNotice(row.title, row.body);
    const members = db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(and(ne(users.id, actor.id), activeMemberWhere(today(deps))))
      .orderBy(asc(users.id))
      .all();
    let notified = 0;
    for (const m of members) {
      const told = tellMember(deps, m, {
        kind: 'announcements',
        notice,
        email: () => noticeEmail(clubName(deps), m.email, m.name, notice, deps.env.APP_URL, row.body),
        dedupeKey: announcementKey(row.id, m.id),
      });
      if (told) notified += 1;
    }
    const author = db.select({ name: users.name }).from(users).where(eq(users.id, actor.id)).get();
    return { announcement: toAnswer(row, author?.name ?? null, false), notified };
  });
}

/** DELETE /announcements/:id: by its author, an exec or an administrator. */
export function deleteAnnouncement(deps: AppDeps, actor: Actor, id: number): { message: string } {
  return deps.database.tx(() => {
    const { db } = deps.database;
    const row = db.select().from(announcements).where(eq(announcements.id, id)).get();
    if (!row) throw new ServiceError(404, ANNOUNCEMENT_NOT_FOUND);
    if (!canManagePost(actor, row.userId)) throw new ServiceError(403, ANNOUNCEMENT_MANAGERS_ONLY_ERROR);
    db.delete(announcements).where(eq(announcements.id, id)).run();
    return { message: 'Announcement removed' };
  });
}
