import { Hono } from 'hono';
import type { AppEnv } from '../platform/context';
import type { AnswerOf } from '../../domain/contract/endpoints';
import {
  MEMBER_NOT_FOUND,
  approveMemberSchema,
  notifyRoleChangeSchema,
  rejectMemberSchema,
  updateMemberSchema,
} from '../../domain/contract/members/admin';
import { requireAuth, requireRole } from '../platform/middleware/auth';
import { respondOnce } from '../platform/middleware/idempotency';
import { readBody, readBodyNamingField, routeId } from '../platform/middleware/validate';
import { ServiceError } from '../platform/errors';
import * as admin from './members';
import { importMembers } from './member-import';
import { spreadsheetText } from './spreadsheet-text';
import { approveRenewals, declineRenewal, listRenewals } from './renewals';
import {
  approveRenewalsSchema,
  bulkMembersSchema,
  declineRenewalSchema,
  IMPORT_CONTENT_TYPE_ERROR,
  RENEWAL_NOT_FOUND,
} from '../../domain/contract/members/season';
import { removeMemberPasskeys, withPasskeyCounts } from '../passkeys/passkeys';
import { removeUpload } from '../media/uploads';


export const adminRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole('administrator'))
  .get('/members', (c) =>
    c.json({ members: withPasskeyCounts(c.var.deps, admin.listMembers(c.var.deps)) } satisfies AnswerOf<'GET /admin/members'>, 200),
  )
  .put('/members/:id/approve', async (c) => {
    const input = await readBody(c, approveMemberSchema);
    const id = routeId(c, MEMBER_NOT_FOUND);
    return respondOnce(c, input, () => ({
      status: 200,
      body: {
        member: admin.approveMember(c.var.deps, id, input),
      } satisfies AnswerOf<'PUT /admin/members/:id/approve'>,
    }));
  })
  .put('/members/:id/reject', async (c) => {
    const body = await readBody(c, rejectMemberSchema);
    const id = routeId(c, MEMBER_NOT_FOUND);
    return respondOnce(c, body, () => ({
      status: 200,
      body: {
        member: admin.rejectMember(c.var.deps, id),
      } satisfies AnswerOf<'PUT /admin/members/:id/reject'>,
    }));
  })
  .put('/members/:id/update', async (c) => {
    const id = routeId(c, MEMBER_NOT_FOUND);
    const input = await readBodyNamingField(c, updateMemberSchema(admin.memberPhoneReader(c.var.deps, id)));
    return respondOnce(c, input, () => ({
      status: 200,
      body: {
        member: admin.updateMember(c.var.deps, c.var.user.id, id, input),
      } satisfies AnswerOf<'PUT /admin/members/:id/update'>,
    }));
  })
  .delete('/members/:id', async (c) => {
    const id = routeId(c, MEMBER_NOT_FOUND);
    const removed: { picture: string | null } = { picture: null };
    const res = respondOnce(c, null, () => {
      removed.picture = admin.deleteMember(c.var.deps, c.var.user.id, id).profilePictureUrl;
      return {
        status: 200,
        body: { message: 'Member deleted' } satisfies AnswerOf<'DELETE /admin/members/:id'>,
      };
    });
    // The file goes only after the row is gone for good (never inside the transaction).
    if (removed.picture) await removeUpload(c.var.deps.uploadsDir, removed.picture, c.var.log);
    return res;
  })
  // A club's spreadsheet (text/csv): ?dryRun=1 previews without writing; ?updateExpiry=1 gives
  // existing members the file's expiry dates.
  .post('/members/import', async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel'].includes(type)) {
      throw new ServiceError(415, IMPORT_CONTENT_TYPE_ERROR);
    }
    const flag = (name: string) => ['1', 'true', 'yes'].includes(c.req.query(name) ?? '');
    const text = spreadsheetText(new Uint8Array(await c.req.arrayBuffer()));
    const answer: AnswerOf<'POST /admin/members/import'> = await importMembers(c.var.deps, text, {
      dryRun: flag('dryRun'),
      updateExpiry: flag('updateExpiry'),
    });
    return c.json(answer, 200);
  })
  .post('/members/bulk', async (c) => {
    const input = await readBody(c, bulkMembersSchema);
    return respondOnce(c, input, () => ({
      status: 200,
      body: admin.bulkUpdateMembers(c.var.deps, c.var.user.id, input) satisfies AnswerOf<'POST /admin/members/bulk'>,
    }));
  })
  .get('/renewals', (c) =>
    c.json({ renewals: listRenewals(c.var.deps) } satisfies AnswerOf<'GET /admin/renewals'>, 200),
  )
  .post('/renewals/approve', async (c) => {
    const input = await readBody(c, approveRenewalsSchema);
    return respondOnce(c, input, () => ({
      status: 200,
      body: approveRenewals(c.var.deps, c.var.user.id, input.ids) satisfies AnswerOf<'POST /admin/renewals/approve'>,
    }));
  })
  .post('/renewals/:id/decline', async (c) => {
    const input = await readBody(c, declineRenewalSchema);
    const id = routeId(c, RENEWAL_NOT_FOUND);
    return respondOnce(c, input, () => ({
      status: 200,
      body: { renewal: declineRenewal(c.var.deps, c.var.user.id, id, input.reason) } satisfies AnswerOf<'POST /admin/renewals/:id/decline'>,
    }));
  })
  // A lost phone or a member locked out of a device: the member signs in with the password again.
  .delete('/members/:id/passkeys', (c) => {
    const id = routeId(c, MEMBER_NOT_FOUND);
    return respondOnce(c, null, () => {
      const removed = removeMemberPasskeys(c.var.deps, id);
      return {
        status: 200,
        body: {
          message: removed === 1 ? '1 passkey removed' : `${removed} passkeys removed`,
          removed,
        } satisfies AnswerOf<'DELETE /admin/members/:id/passkeys'>,
      };
    });
  })
  // Old clients announce role changes themselves; the server already recorded each one with the
  // role read from the database, so this body is accepted and ignored.
  .post('/notify-role-change', async (c) => {
    await readBody(c, notifyRoleChangeSchema);
    return c.json({ message: 'Role changes are recorded by the server' } satisfies AnswerOf<'POST /admin/notify-role-change'>, 200);
  });
