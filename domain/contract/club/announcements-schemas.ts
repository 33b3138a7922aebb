import { z } from 'zod';
import { addDays, isCalendarDate } from '../../calendar-days';
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_DEFAULT_DAYS, ANNOUNCEMENT_MAX_DAYS, ANNOUNCEMENT_TITLE_MAX } from '../../rules';
import { hasUnsafeCharacters, requireAll, unsafeCharactersMessage } from '../common';

const text = z
  .string()
  .optional()
  .transform((v) => (v ?? '').trim());

/** The last day a new announcement's form offers, for one posted on club date `today`. */
export function defaultAnnouncementDate(today: string): string {
  return addDays(today, ANNOUNCEMENT_DEFAULT_DAYS);
}

/** The last date an announcement may show, for one posted on club date `today`. */
export function latestAnnouncementDate(today: string): string {
  return addDays(today, ANNOUNCEMENT_MAX_DAYS);
}

/**
 * POST /announcements. `today` is the club's date (domain/clock.ts clubToday): `until` must be from
 * today to ANNOUNCEMENT_MAX_DAYS ahead. The server passes its own today; a form passes the device's.
 */
export function announcementSchema(today: string) {
  return z.object({ title: text, body: text, until: text }).superRefine((v, ctx) => {
    if (!requireAll(v, ['title', 'body', 'until'] as const, 'Title, message and last day are required', ctx)) return;
    if (hasUnsafeCharacters(v.title)) ctx.addIssue({ code: 'custom', path: ['title'], message: unsafeCharactersMessage('Title') });
    if (v.title.length > ANNOUNCEMENT_TITLE_MAX) {
      ctx.addIssue({ code: 'custom', path: ['title'], message: `Title must be at most ${ANNOUNCEMENT_TITLE_MAX} characters` });
    }
    if (v.body.length > ANNOUNCEMENT_BODY_MAX) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: `The message must be at most ${ANNOUNCEMENT_BODY_MAX.toLocaleString('en-US')} characters` });
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v.until) || !isCalendarDate(v.until)) {
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'Enter the last day as YYYY-MM-DD' });
    } else if (v.until < today || v.until > latestAnnouncementDate(today)) {
      ctx.addIssue({
        code: 'custom',
        path: ['until'],
        message: `The last day must be from today to ${ANNOUNCEMENT_MAX_DAYS} days ahead (${latestAnnouncementDate(today)})`,
      });
    }
  });
}
export type NewAnnouncement = z.infer<ReturnType<typeof announcementSchema>>;
