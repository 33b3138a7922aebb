import { Hono } from 'hono';
import type { AnswerOf } from '../../domain/contract/endpoints';
import { setupSchema } from '../../domain/contract/members/setup';
import type { AppEnv } from '../platform/context';
import { bodyJson, parseNamingField } from '../platform/middleware/validate';
import { requireSetupOpen, runSetup, setupOpen } from './first-run';
import { ServiceError } from '../platform/errors';
import { NOT_FOUND_ERROR } from '../../domain/contract/common';

// Both answer 404 once the club has any account: the setup is gone for good.
export const setupRoutes = new Hono<AppEnv>()
  .get('/', (c) => {
    requireSetupOpen(c.var.deps, c.req.query('key'));
    return c.json({ open: true } satisfies AnswerOf<'GET /setup'>, 200);
  })
  .post('/', async (c) => {
    // The key is checked with the body (runSetup); a club already set up answers 404 before either.
    if (!setupOpen(c.var.deps)) throw new ServiceError(404, NOT_FOUND_ERROR);
    const input = parseNamingField(setupSchema, await bodyJson(c));
    return c.json((await runSetup(c.var.deps, input)) satisfies AnswerOf<'POST /setup'>, 201);
  });
