// Club announcements: a short note from the execs, pinned on members' Home until its last day.

export interface Announcement {
  id: number;
  title: string;
  body: string;
  /** The last club date it shows (YYYY-MM-DD). */
  until: string;
  user_id: number | null;
  author_name: string;
  created_at: number;
  /** The caller dismissed it (on any of their devices); it stays listed, Home leaves it out. */
  dismissed: boolean;
}

export const ANNOUNCEMENT_NOT_FOUND = 'Announcement not found';
export const ANNOUNCEMENT_MANAGERS_ONLY_ERROR = 'Only the author of this announcement, executives and administrators can remove it.';

/** GET /announcements: the current ones, newest first. */
export interface AnnouncementsAnswer {
  announcements: Announcement[];
}

/** POST /announcements/:id/dismiss: gone from the member's Home on every device. */
export interface AnnouncementDismissedAnswer {
  dismissed: true;
}

/** POST /announcements. `notified`: members a push or an email was queued for. */
export interface AnnouncementAnswer {
  announcement: Announcement;
  notified: number;
}
