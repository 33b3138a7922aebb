import { Hono } from 'hono';
import type { AppEnv } from '../platform/context';
import type { AnswerOf } from '../../domain/contract/endpoints';
import { PROFILE_PICTURE_FIELD, profileUpdateSchema } from '../../domain/contract/members/users';
import { requireAuth } from '../platform/middleware/auth';
import { respondOnce } from '../platform/middleware/idempotency';
import { readBodyNamingField } from '../platform/middleware/validate';
import { clubPhoneReader } from '../club/settings';
import { uploadedPicture } from '../media/picture-form';
import { sessionAnswer } from './auth';
import {
  markRoleChangesRead,
  replaceProfilePicture,
  unreadRoleChanges,
  updateProfile,
} from './member-profile';
import { acceptCharter } from '../platform/users';
import { currentCharterVersion } from '../club/pages/charter';

export const userRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post('/accept-charter', async (c) => {
    acceptCharter(c.var.deps, c.var.user.id, c.var.deps.clock(), currentCharterVersion(c.var.deps));
    const { user } = await sessionAnswer(c.var.deps, c.var.user.id);
    return c.json(
      { message: 'Charter accepted', user } satisfies AnswerOf<'POST /users/accept-charter'>,
      200,
    );
  })
  .put('/profile', async (c) => {
    const input = await readBodyNamingField(c, profileUpdateSchema(clubPhoneReader(c.var.deps, c.var.user.row.phoneNumber)));
    return respondOnce(c, input, () => ({
      status: 200,
      body: {
        user: updateProfile(c.var.deps, c.var.user.id, input),
      } satisfies AnswerOf<'PUT /users/profile'>,
    }));
  })
  .post('/profile-picture', async (c) => {
    const bytes = await uploadedPicture(c, PROFILE_PICTURE_FIELD);
    return c.json(
      (await replaceProfilePicture(
        c.var.deps,
        c.var.user.id,
        bytes,
      )) satisfies AnswerOf<'POST /users/profile-picture'>,
      200,
    );
  })
  .get('/role-change-notifications', (c) =>
    c.json(
      {
        notifications: unreadRoleChanges(c.var.deps, c.var.user.id),
      } satisfies AnswerOf<'GET /users/role-change-notifications'>,
      200,
    ),
  )
  .post('/mark-role-notification-read', (c) => {
    const marked = markRoleChangesRead(c.var.deps, c.var.user.id, c.var.deps.clock());
    return c.json(
      {
        message: 'Notifications marked as read',
        marked,
      } satisfies AnswerOf<'POST /users/mark-role-notification-read'>,
      200,
    );
  });
