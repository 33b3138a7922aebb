// Who may handle the club's money: an administrator, or an exec holding a position the payments
// document names (domain/payments/payments.ts). A position is held by the account whose email its card
// (Admin → Team) carries.
import { sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { teamProfiles } from '../../db/schema';
import { NO_PERMISSION_ERROR } from '../../domain/contract/common';
import { mayHandlePayments } from '../../domain/payments/payments';
import { documentBody } from '../club/documents';
import type { AppDeps, AppEnv, CurrentUser } from '../platform/context';
import { ServiceError } from '../platform/errors';

function heldPositions(deps: AppDeps, email: string): string[] {
  return deps.database.db
    .select({ id: teamProfiles.id })
    .from(teamProfiles)
    .where(sql`lower(${teamProfiles.email}) = ${email.trim().toLowerCase()}`)
    .all()
    .map((row) => row.id);
}

export function mayHandle(deps: AppDeps, user: CurrentUser): boolean {
  if (user.role === 'administrator') return true;
  return mayHandlePayments(user.role, user.role === 'exec' ? heldPositions(deps, user.row.email) : [], documentBody(deps, 'payments'));
}

/** After requireAuth: the caller handles payments, or 403. */
export const requirePayments = createMiddleware<AppEnv>(async (c, next) => {
  if (!mayHandle(c.var.deps, c.var.user)) throw new ServiceError(403, NO_PERMISSION_ERROR);
  await next();
});
