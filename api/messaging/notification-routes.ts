import { Hono } from 'hono';
import type { AnswerOf } from '../../domain/contract/endpoints';
import { notificationSettingsSchema, pushDeviceSchema } from '../../domain/contract/notifications-schemas';
import type { AppEnv } from '../platform/context';
import { requireAuth, requireRole } from '../platform/middleware/auth';
import { clientIp } from '../platform/middleware/client-ip';
import { readBody, routeId } from '../platform/middleware/validate';
import { notificationSettings, registerDevice, removeDevice, setReminders } from './notifications';
import { DEVICE_NOT_FOUND } from '../../domain/contract/notifications';

// /api/me/notifications: notifications outside the app, for member and above: reminders on or off,
// and this member's devices.
export const notificationRoutes = new Hono<AppEnv>()
  .use('*', requireAuth, requireRole('member'))
  .get('/', (c) => {
    const answer: AnswerOf<'GET /me/notifications'> = notificationSettings(c.var.deps, c.var.user.id);
    return c.json(answer, 200);
  })
  .put('/', async (c) => {
    const body = await readBody(c, notificationSettingsSchema);
    const answer: AnswerOf<'PUT /me/notifications'> = setReminders(c.var.deps, c.var.user.id, body.reminders);
    return c.json(answer, 200);
  })
  .put('/devices', async (c) => {
    const body = await readBody(c, pushDeviceSchema);
    const answer: AnswerOf<'PUT /me/notifications/devices'> = await registerDevice(
      c.var.deps,
      c.var.user.id,
      body,
      c.req.header('user-agent'),
      clientIp(c),
    );
    return c.json(answer, 200);
  })
  .delete('/devices/:id', (c) => {
    const id = routeId(c, DEVICE_NOT_FOUND);
    const answer: AnswerOf<'DELETE /me/notifications/devices/:id'> = removeDevice(c.var.deps, c.var.user.id, id);
    return c.json(answer, 200);
  });
