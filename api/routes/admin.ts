import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { requireAuth, requireRole } from '../middleware/auth';

export const adminRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole('administrator'))
  // The mailbox when no provider is configured (DESIGN.md §5), newest first.
  .get('/outbox', (c) => {
    const emails = c.var.deps.mail.list().map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      status: m.status,
      attempts: m.attempts,
      created_at: m.createdAt,
      sent_at: m.sentAt,
    }));
    return c.json({ emails }, 200);
  });
