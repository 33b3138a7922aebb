import { Hono } from 'hono';
import type { AppEnv } from '../platform/context';
import { deleteAccountSchema } from '../../domain/contract/privacy-schemas';
import { requireAuth } from '../platform/middleware/auth';
import { clientIp } from '../platform/middleware/client-ip';
import { jsonBody } from '../platform/middleware/validate';
import { deleteOwnAccount, removeAccountPicture } from '../accounts/account-deletion';
import { exportMyData } from './my-data';

// The signed-in account's own data: download it, or delete the account. Any signed-in account,
// pending or expired included (a member who never paid may still want to leave). Mounted before
// meRoutes, whose views need the member role.
export const accountRoutes = new Hono<AppEnv>()
  .get('/export', requireAuth, async (c) => {
    const file = await exportMyData(c.var.deps, c.var.user.row);
    return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'no-store',
    });
  })
  // No Idempotency-Key record: it would be a row about the account written after the account is gone.
  // A repeated request finds no account (401), which the app reads as "already deleted".
  .delete('/', requireAuth, ...jsonBody(deleteAccountSchema), async (c) => {
    const { profilePictureUrl } = await deleteOwnAccount(c.var.deps, c.var.user.row, c.req.valid('json').password, clientIp(c));
    await removeAccountPicture(c.var.deps, profilePictureUrl, c.var.log);
    return c.body(null, 204);
  });
