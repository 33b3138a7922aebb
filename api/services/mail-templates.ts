import type { MailMessage } from './mail';
import { stripUnsafeCharacters } from '../contract/common';

const CLUB = 'University Triathlon Club';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function layout(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const button = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '';
  return `<div style="font-family:system-ui,sans-serif;line-height:1.5">${body}${button}<p>— ${CLUB}</p></div>`;
}

export function activationEmail(to: string, name: string, role: string, appUrl: string): MailMessage {
  const lines = [
    `Hi ${name},`,
    `Your ${CLUB} account is now active (role: ${role}). Thanks for your membership payment.`,
    'If you were signed in, log out and sign in again to see the forum, workouts and races.',
  ];
  return {
    to,
    subject: `Your ${CLUB} account is active`,
    text: `${lines.join('\n\n')}\n\nSign in: ${appUrl}/login\n\n— ${CLUB}`,
    html: layout(lines, { href: `${appUrl}/login`, label: 'Sign in' }),
  };
}

export function passwordResetEmail(to: string, name: string, link: string): MailMessage {
  const lines = [
    `Hi ${name},`,
    'Someone asked to reset the password of your club account. The link works once, for one hour.',
    'If it was not you, ignore this email: your password stays as it is.',
  ];
  return {
    to,
    subject: `Reset your ${CLUB} password`,
    text: `${lines.join('\n\n')}\n\nReset your password: ${link}\n\n— ${CLUB}`,
    html: layout(lines, { href: link, label: 'Reset your password' }),
  };
}

export function waitlistPromotionEmail(to: string, name: string, workoutTitle: string, when: string, link: string): MailMessage {
  const lines = [
    `Hi ${name},`,
    `A place opened up and you have been moved from the waitlist to the list for "${workoutTitle}" (${when}).`,
    'If you can no longer make it, cancel from the workout page so the next person gets the spot.',
  ];
  return {
    to,
    // Only clean text in a header: a stored title from before the input rules could hold CR/LF.
    subject: `You're in: ${stripUnsafeCharacters(workoutTitle)}`,
    text: `${lines.join('\n\n')}\n\n${link}\n\n— ${CLUB}`,
    html: layout(lines, { href: link, label: 'Open the workout' }),
  };
}
