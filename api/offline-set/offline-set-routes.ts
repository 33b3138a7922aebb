import { Hono } from 'hono';
import type { AppEnv } from '../platform/context';
import { requireAuth, requireRole } from '../platform/middleware/auth';
import { sendJsonWithEtag } from '../platform/middleware/etag';
import { offlineSetAnswer } from './offline-set';

// GET /offline-set (answer: OfflineSetAnswer in domain/contract/offline-set.ts): for members and above,
// like the forum it is made of; a pending account gets the forum's 403. A 304 when the device holds it.
export const offlineSetRoutes = new Hono<AppEnv>()
  .use('*', requireAuth, requireRole('member'))
  .get('/', (c) => sendJsonWithEtag(c, offlineSetAnswer(c.var.deps, c.var.user)));
