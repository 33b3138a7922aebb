import { Hono } from 'hono';
import type { AppEnv } from '../platform/context';
import type { AnswerOf } from '../../domain/contract/endpoints';
import {
  FORGOT_PASSWORD_ANSWER,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetCheckSchema,
  resetPasswordSchema,
} from '../../domain/contract/members/auth';
import { requireAuth } from '../platform/middleware/auth';
import { clientIp } from '../platform/middleware/client-ip';
import { readBody, readBodyNamingField } from '../platform/middleware/validate';
import { clubPhoneReader } from '../club/settings';
import * as auth from './auth';

export const authRoutes = new Hono<AppEnv>()
  .post('/register', async (c) => {
    const body = await readBodyNamingField(c, registerSchema(clubPhoneReader(c.var.deps)));
    return c.json(
      (await auth.register(
        c.var.deps,
        body,
        clientIp(c),
      )) satisfies AnswerOf<'POST /auth/register'>,
      201,
    );
  })
  .post('/login', async (c) => {
    const { email, password } = await readBody(c, loginSchema);
    return c.json(
      (await auth.login(c.var.deps, email, password, clientIp(c))) satisfies AnswerOf<'POST /auth/login'>,
      200,
    );
  })
  .get('/profile', requireAuth, async (c) => {
    const { user } = await auth.sessionAnswer(c.var.deps, c.var.user.id);
    return c.json({ user } satisfies AnswerOf<'GET /auth/profile'>, 200);
  })
  .post('/logout', requireAuth, (c) => {
    auth.logout(c.var.deps, c.var.user.id);
    return c.json({ message: 'Signed out on every device.' } satisfies AnswerOf<'POST /auth/logout'>, 200);
  })
  .post('/forgot-password', async (c) => {
    const body = await readBody(c, forgotPasswordSchema);
    auth.forgotPassword(c.var.deps, body.email, clientIp(c));
    return c.json({ message: FORGOT_PASSWORD_ANSWER } satisfies AnswerOf<'POST /auth/forgot-password'>, 200);
  })
  // A POST, not a GET with the token in the query: request logs record paths and queries.
  .post('/reset-password/check', async (c) => {
    const body = await readBody(c, resetCheckSchema);
    const valid = auth.checkResetToken(c.var.deps, body.token, clientIp(c));
    return c.json({ valid } satisfies AnswerOf<'POST /auth/reset-password/check'>, 200);
  })
  .post('/reset-password', async (c) => {
    const { token, newPassword } = await readBody(c, resetPasswordSchema);
    await auth.resetPassword(c.var.deps, token, newPassword);
    return c.json(
      {
        message: 'Password reset successful. You can sign in with your new password.',
      } satisfies AnswerOf<'POST /auth/reset-password'>,
      200,
    );
  });
