import { Hono } from 'hono';
import { deleteAccountSchema } from '../../domain/contract/members/privacy-schemas';
import type { AppEnv } from '../platform/context';
import { requireAuth } from '../platform/middleware/auth';
import { clientIp } from '../platform/middleware/client-ip';
import { readBody } from '../platform/middleware/validate';
import { deleteOwnAccount, removeAccountPicture } from './account-deletion';

// DELETE /api/me: any signed-in account may delete itself, pending or expired included (a member who
// never paid may still want to leave). No Idempotency-Key record: it would be a row about the account
// written after the account is gone. A repeated request finds no account (401), which the app reads
// as "already deleted".
export const accountDeletionRoutes = new Hono<AppEnv>().delete('/', requireAuth, async (c) => {
  const body = await readBody(c, deleteAccountSchema);
  const { profilePictureUrl } = await deleteOwnAccount(c.var.deps, c.var.user.row, body.password, clientIp(c));
  await removeAccountPicture(c.var.deps, profilePictureUrl, c.var.log);
  return c.body(null, 204);
});
