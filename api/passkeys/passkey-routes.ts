import { Hono } from 'hono';
import type { AppEnv } from '../platform/context';
import type { AnswerOf } from '../../domain/contract/endpoints';
import { addPasskeySchema, PASSKEY_NOT_FOUND, passkeyLoginSchema, passkeyOptionsSchema, renamePasskeySchema } from '../../domain/contract/members/passkeys';
import { requireAuth } from '../platform/middleware/auth';
import { clientIp } from '../platform/middleware/client-ip';
import { readBody, routeId } from '../platform/middleware/validate';
import { loginOptions, passkeyLogin } from './login';
import { addPasskey, registrationOptions } from './registration';
import { listPasskeys, removePasskey, renamePasskey } from './passkeys';

/**
 * /api/passkeys: the signed-in member's own passkeys. Any account that may sign in has them, pending
 * members too: a passkey signs in to the account, whose role decides the rest.
 */
export const passkeyRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', (c) => c.json({ passkeys: listPasskeys(c.var.deps, c.var.user.id) } satisfies AnswerOf<'GET /passkeys'>, 200))
  .post('/options', async (c) => {
    const { password } = await readBody(c, passkeyOptionsSchema);
    const options = await registrationOptions(c.var.deps, c.var.user.row, c.var.signedInAt, password, clientIp(c));
    return c.json({ options } satisfies AnswerOf<'POST /passkeys/options'>, 200);
  })
  .post('/', async (c) => {
    const body = await readBody(c, addPasskeySchema);
    const passkey = await addPasskey(c.var.deps, c.var.user.row, body, c.req.header('user-agent'));
    return c.json({ passkey } satisfies AnswerOf<'POST /passkeys'>, 201);
  })
  .put('/:id', async (c) => {
    const body = await readBody(c, renamePasskeySchema);
    const id = routeId(c, PASSKEY_NOT_FOUND);
    const passkey = renamePasskey(c.var.deps, c.var.user.id, id, body.name);
    return c.json({ passkey } satisfies AnswerOf<'PUT /passkeys/:id'>, 200);
  })
  .delete('/:id', (c) => {
    const id = routeId(c, PASSKEY_NOT_FOUND);
    return c.json({ passkeys: removePasskey(c.var.deps, c.var.user.id, id) } satisfies AnswerOf<'DELETE /passkeys/:id'>, 200);
  });

/** /api/auth/passkey: signing in with a passkey, beside POST /api/auth/login. */
export const passkeyLoginRoutes = new Hono<AppEnv>()
  .post('/options', async (c) => {
    const options = await loginOptions(c.var.deps, clientIp(c));
    return c.json({ options } satisfies AnswerOf<'POST /auth/passkey/options'>, 200);
  })
  .post('/login', async (c) => {
    const body = await readBody(c, passkeyLoginSchema);
    const answer = await passkeyLogin(c.var.deps, body, clientIp(c));
    return c.json(answer satisfies AnswerOf<'POST /auth/passkey/login'>, 200);
  });
