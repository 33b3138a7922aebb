import { Hono } from 'hono';
import type { AnswerOf } from '../../domain/contract/endpoints';
import { setupSchema } from '../../domain/contract/members/setup';
import type { AppEnv } from '../platform/context';
import { bodyJson, parseNamingField } from '../platform/middleware/validate';
import { requireSetupOpen, runSetup } from './first-run';

// Both answer 404 once the club has any account: the setup is gone for good.
export const setupRoutes = new Hono<AppEnv>()
  .get('/', (c) => {
    requireSetupOpen(c.var.deps);
    return c.json({ open: true } satisfies AnswerOf<'GET /setup'>, 200);
  })
  .post('/', async (c) => {
    requireSetupOpen(c.var.deps);
    const input = parseNamingField(setupSchema, await bodyJson(c));
    return c.json((await runSetup(c.var.deps, input)) satisfies AnswerOf<'POST /setup'>, 201);
  });
