import type { MailMessage } from '../platform/message-queue';
import { stripUnsafeCharacters } from '../../domain/contract/common';

/**
 * MAIL_FROM with the club's name as its display name ('Lakeside Rowing Club <no-reply@…>'): the
 * address is the operator's (the mail provider knows it), the name is the club's document.
 */
export function mailSender(mailFrom: string, club: string): string {
  const address = /<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  const name = stripUnsafeCharacters(club).replace(/["\\<>]/g, '').trim();
  return name ? `"${name}" <${address}>` : address;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function layout(club: string, paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const button = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '';
  return `<div style="font-family:system-ui,sans-serif;line-height:1.5">${body}${button}<p>— ${escapeHtml(club)}</p></div>`;
}

export function activationEmail(club: string, to: string, name: string, role: string, appUrl: string): MailMessage {
  const lines = [
    `Hi ${name},`,
    `Your ${club} account is now active (role: ${role}). Thanks for your membership payment.`,
    // The app reads the account again each time it opens, so nothing more is asked of the member.
    'Open the club app to see the forum, workouts and races. If it is already open, reload it: there is no need to sign out.',
  ];
  return {
    to,
    subject: `Your ${club} account is active`,
    text: `${lines.join('\n\n')}\n\nSign in: ${appUrl}/login\n\n— ${club}`,
    html: layout(club, lines, { href: `${appUrl}/login`, label: 'Sign in' }),
  };
}

/**
 * `passkeys`: the names of the account's passkeys. A reset proves control of the mailbox, not of the
 * devices, so it leaves them working; the email names them, so a member who lost a phone removes its
 * passkey too.
 */
export function passwordResetEmail(club: string, to: string, name: string, link: string, passkeys: string[] = []): MailMessage {
  const lines = [
    `Hi ${name},`,
    'Someone asked to reset the password of your club account. The link works once, for one hour.',
    'If it was not you, ignore this email: your password stays as it is.',
  ];
  if (passkeys.length > 0) {
    const names = passkeys.map((p) => `"${stripUnsafeCharacters(p)}"`).join(', ');
    lines.push(
      `Resetting the password does not remove your passkeys: ${names} will still sign you in. If one is on a device you no longer have, remove it under Passkeys on your profile.`,
    );
  }
  return {
    to,
    subject: `Reset your ${club} password`,
    text: `${lines.join('\n\n')}\n\nReset your password: ${link}\n\n— ${club}`,
    html: layout(club, lines, { href: link, label: 'Reset your password' }),
  };
}

export function waitlistPromotionEmail(club: string, to: string, name: string, workoutTitle: string, when: string, link: string): MailMessage {
  const lines = [
    `Hi ${name},`,
    `A place opened up and you have been moved from the waitlist to the list for "${workoutTitle}" (${when}).`,
    'If you can no longer make it, cancel from the workout page so the next person gets the spot.',
  ];
  return {
    to,
    // Only clean text in a header: a stored title from before the input rules could hold CR/LF.
    subject: `You're in: ${stripUnsafeCharacters(workoutTitle)}`,
    text: `${lines.join('\n\n')}\n\n${link}\n\n— ${club}`,
    html: layout(club, lines, { href: link, label: 'Open the workout' }),
  };
}

/**
 * A payment's receipt: what was paid for, the amount with its tax, how, and the payment's number the
 * treasurer's ledger shows. `lines` are the amounts already written in the club's currency.
 */
export function paymentReceiptEmail(club: string, to: string, name: string, receipt: { number: number; item: string; lines: string[]; how: string }, appUrl: string): MailMessage {
  const lines = [`Hi ${name},`, `Thank you: ${club} received your payment for ${receipt.item}.`, ...receipt.lines, receipt.how, `Payment number: ${receipt.number}`];
  return {
    to,
    subject: `Your ${club} receipt: ${stripUnsafeCharacters(receipt.item)}`,
    text: `${lines.join('\n\n')}\n\nYour payments: ${appUrl}/profile\n\n— ${club}`,
    html: layout(club, lines, { href: `${appUrl}/profile`, label: 'Your payments' }),
  };
}

// ---------- Notifications outside the app: push texts, and the reminder emails ----------

export interface NoticeText {
  title: string;
  body: string;
  url: string;
}

export function placeFreedNotice(workoutTitle: string, when: string, workoutId: number): NoticeText {
  return {
    title: `You're in: ${stripUnsafeCharacters(workoutTitle)}`,
    body: `A place freed up and you moved off the waitlist (${when}). Can't make it? Cancel so the next person gets it.`,
    url: `/workout/${workoutId}`,
  };
}

export function newWorkoutNotice(workoutTitle: string, when: string, workoutId: number, moreDates: number): NoticeText {
  const more = moreDates > 0 ? ` and ${moreDates} more weekly date${moreDates === 1 ? '' : 's'}` : '';
  return {
    title: `New workout: ${stripUnsafeCharacters(workoutTitle)}`,
    body: `${when}${more}. Sign up in the forum.`,
    url: `/workout/${workoutId}`,
  };
}

/** `freeUntil`: when cancelling stops being free, or null when that time has passed. */
export function workoutReminderNotice(workoutTitle: string, when: string, freeUntil: string | null, workoutId: number): NoticeText {
  return {
    title: `Reminder: ${stripUnsafeCharacters(workoutTitle)}`,
    body: `${when}. ${
      freeUntil ? `Can't make it? Cancel before ${freeUntil} and it costs no absence.` : 'Cancelling now counts as an absence.'
    }`,
    url: `/workout/${workoutId}`,
  };
}

export function eventReminderNotice(eventTitle: string, when: string, eventId: number): NoticeText {
  return {
    title: `Are you coming? ${stripUnsafeCharacters(eventTitle)}`,
    body: `${when}. You have not answered yet: tap to say going, maybe or not going.`,
    url: `/event/${eventId}`,
  };
}

/** A reminder by email, for a member with no device that takes reminders. */
export function reminderEmail(club: string, to: string, name: string, notice: NoticeText, appUrl: string): MailMessage {
  const link = `${appUrl}${notice.url}`;
  const lines = [`Hi ${name},`, `${notice.title}.`, notice.body, 'You can turn reminders off on your profile.'];
  return {
    to,
    subject: notice.title,
    text: `${lines.join('\n\n')}\n\n${link}\n\n— ${club}`,
    html: layout(club, lines, { href: link, label: 'Open in the club app' }),
  };
}

/** A member imported from the club's spreadsheet: the link sets their first password (single use). */
export function invitationEmail(club: string, to: string, name: string, link: string, days: number): MailMessage {
  const lines = [
    `Hi ${name},`,
    `The ${club} has moved its members onto the club app, and you have an account with this email address.`,
    `Choose your password to sign in. The link works once, for ${days} days; after that, use "Forgot password" on the sign-in page.`,
  ];
  return {
    to,
    subject: `Your ${club} account: choose a password`,
    text: `${lines.join('\n\n')}\n\nChoose your password: ${link}\n\n— ${club}`,
    html: layout(club, lines, { href: link, label: 'Choose your password' }),
  };
}

/** Before a membership ends: `days` left, ending on `ends` (a formatted date). */
export function renewalReminderNotice(days: number, ends: string): NoticeText {
  return {
    title: days <= 7 ? 'Your membership ends this week' : 'Your membership ends soon',
    body: `Your club membership ends on ${ends}. Renew from the app's home page to keep your place in workouts.`,
    url: '/profile#renewal',
  };
}

export function renewalApprovedEmail(club: string, to: string, name: string, session: string, ends: string, appUrl: string): MailMessage {
  const lines = [`Hi ${name},`, `Your membership is renewed for ${session}: it now runs until ${ends}. See you at the next workout.`];
  return {
    to,
    subject: `Your ${club} membership is renewed`,
    text: `${lines.join('\n\n')}\n\n${appUrl}/forum\n\n— ${club}`,
    html: layout(club, lines, { href: `${appUrl}/forum`, label: 'Open the club app' }),
  };
}

export function renewalDeclinedEmail(club: string, to: string, name: string, session: string, reason: string, appUrl: string): MailMessage {
  const lines = [
    `Hi ${name},`,
    `Your request to renew for ${session} was not approved: ${stripUnsafeCharacters(reason)}`,
    'Reply to this email or speak to an executive if you have questions.',
  ];
  return {
    to,
    subject: `Your ${club} renewal request`,
    text: `${lines.join('\n\n')}\n\n${appUrl}/profile\n\n— ${club}`,
    html: layout(club, lines, { href: `${appUrl}/profile`, label: 'Open your profile' }),
    };
  }

// ---------- When plans change, and club announcements ----------

/** `what`: 'Swim' ; `when`: 'Thursday, March 5, 2026 at 6:00 PM'. */
export function cancelledNotice(kind: 'workout' | 'event', title: string, when: string, reason: string, id: number): NoticeText {
  return {
    title: `Cancelled: ${stripUnsafeCharacters(title)}`,
    body: `${when}. ${stripUnsafeCharacters(reason)}`,
    url: `/${kind}/${id}`,
  };
}

export function reinstatedNotice(kind: 'workout' | 'event', title: string, when: string, id: number): NoticeText {
  return {
    title: `Back on: ${stripUnsafeCharacters(title)}`,
    body: `${when} is on again, as before. Your answer stands.`,
    url: `/${kind}/${id}`,
  };
}

/** e.g. 'Swim moved' / 'Now Thursday, March 5, 2026 at 6:00 PM, Aquatic Centre'. */
export function movedNotice(kind: 'workout' | 'event', title: string, when: string, place: string, id: number): NoticeText {
  const where = place ? `, ${stripUnsafeCharacters(place)}` : '';
  return {
    title: `${stripUnsafeCharacters(title)} moved`,
    body: `Now ${when}${where}. Can't make it any more? Update your answer in the app.`,
    url: `/${kind}/${id}`,
  };
}

export function announcementNotice(title: string, body: string): NoticeText {
  const text = stripUnsafeCharacters(body);
  return {
    title: `Club news: ${stripUnsafeCharacters(title)}`,
    body: text.length > 180 ? `${text.slice(0, 179)}…` : text,
    url: '/',
  };
}

/** A change or an announcement by email, for a member with no device that takes it. */
export function noticeEmail(club: string, to: string, name: string, notice: NoticeText, appUrl: string, fullText?: string): MailMessage {
  const link = `${appUrl}${notice.url}`;
  const lines = [`Hi ${name},`, `${notice.title}.`, ...(fullText ?? notice.body).split(/\n+/).filter(Boolean)];
  return {
    to,
    subject: notice.title,
    text: `${lines.join('\n\n')}\n\n${link}\n\n— ${club}`,
    html: layout(club, lines, { href: link, label: 'Open in the club app' }),
  };
}
