import { Hono } from 'hono';
import type { QueuedMessage } from '../../domain/contract/members/admin';
import type { AnswerOf } from '../../domain/contract/endpoints';
import type { AppDeps, AppEnv } from '../platform/context';
import { requireAuth, requireRole } from '../platform/middleware/auth';
import { listMessages } from './queue/records';

/**
 * Admin > Messages: every email and push with its status and retries, newest first. With no mail
 * provider configured this is where the emails are read. The answer keeps the field names the
 * installed apps know (`GET /admin/outbox`, `emails`).
 */
export function queuedMessages(deps: AppDeps): QueuedMessage[] {
  return listMessages(deps.database.db).map((m) => ({
    id: m.id,
    channel: m.channel === 'push' ? 'push' : 'email',
    to: m.to,
    device: m.device,
    subject: m.subject,
    text: m.text,
    status: m.status,
    attempts: m.attempts,
    last_error: m.lastError,
    created_at: m.createdAt,
    sent_at: m.sentAt,
  }));
}

// /api/admin/outbox, for administrators. The path keeps its first name: installed apps call it.
export const messageAdminRoutes = new Hono<AppEnv>()
  .use('*', requireAuth, requireRole('administrator'))
  .get('/', (c) => c.json({ emails: queuedMessages(c.var.deps) } satisfies AnswerOf<'GET /admin/outbox'>, 200));
