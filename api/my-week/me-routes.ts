import { Hono } from 'hono';
import type { AppEnv } from '../platform/context';
import type { AnswerOf } from '../../domain/contract/endpoints';
import { requireAuth, requireRole } from '../platform/middleware/auth';
import { respondOnce } from '../platform/middleware/idempotency';
import { calendarLink, resetCalendarLink } from '../calendar/calendar';
import { myWeek } from './my-week';
import { notificationSettingsSchema, pushDeviceSchema } from '../../domain/contract/notifications-schemas';
import { idParam, jsonBody } from '../platform/middleware/validate';
import { notificationSettings, registerDevice, removeDevice, setReminders } from '../messaging/notifications';
import { clientIp } from '../platform/middleware/client-ip';

// The signed-in member's own views. Member and above, like the forum whose items they list.
export const meRoutes = new Hono<AppEnv>()
  .use('*', requireAuth, requireRole('member'))
  .get('/week', (c) => {
    const answer: AnswerOf<'GET /me/week'> = myWeek(c.var.deps, c.var.user.id);
    return c.json(answer, 200);
  })
  .get('/calendar-link', (c) => {
    const answer: AnswerOf<'GET /me/calendar-link'> = calendarLink(c.var.deps, c.var.user.id);
    return c.json(answer, 200);
  })
  .post('/calendar-link/reset', (c) =>
    respondOnce(c, {}, () => {
      const answer: AnswerOf<'POST /me/calendar-link/reset'> = resetCalendarLink(c.var.deps, c.var.user.id);
      return { status: 200, body: answer };
    }),
  )
  // Notifications outside the app: reminders on or off, and this member's devices.
  .get('/notifications', (c) => {
    const answer: AnswerOf<'GET /me/notifications'> = notificationSettings(c.var.deps, c.var.user.id);
    return c.json(answer, 200);
  })
  .put('/notifications', ...jsonBody(notificationSettingsSchema), (c) => {
    const answer: AnswerOf<'PUT /me/notifications'> = setReminders(c.var.deps, c.var.user.id, c.req.valid('json').reminders);
    return c.json(answer, 200);
  })
  .put('/notifications/devices', ...jsonBody(pushDeviceSchema), async (c) => {
    const answer: AnswerOf<'PUT /me/notifications/devices'> = await registerDevice(
      c.var.deps,
      c.var.user.id,
      c.req.valid('json'),
      c.req.header('user-agent'),
      clientIp(c),
    );
    return c.json(answer, 200);
  })
  .delete('/notifications/devices/:id', (c) => {
    const id = idParam(c.req.param('id'));
    if (id === null) return c.json({ error: 'Device not found' }, 404);
    const answer: AnswerOf<'DELETE /me/notifications/devices/:id'> = removeDevice(c.var.deps, c.var.user.id, id);
    return c.json(answer, 200);
  });
