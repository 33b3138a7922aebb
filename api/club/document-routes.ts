import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { isDocumentKey, type DocumentKey } from '../../domain/documents/club-documents';
import type { AnswerOf } from '../../domain/contract/endpoints';
import { publishDocumentSchema, restoreDocumentSchema } from '../../domain/contract/club/club-documents-schemas';
import type { AppEnv } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { optionalAuth, requireAuth } from '../platform/middleware/auth';
import { etagMatches } from '../platform/middleware/etag';
import { idParam, readBody } from '../platform/middleware/validate';
import { documentFor, documentVersions, mayRead, publishDocument, restoreDocument } from './documents';
import { EDITORS_ONLY_SEE_ERROR, SETTING_NOT_FOUND, SIGN_IN_TO_SEE_ERROR, VERSION_NOT_FOUND } from '../../domain/contract/club/club-documents';

function documentKey(raw: string): DocumentKey {
  if (!isDocumentKey(raw)) throw new ServiceError(404, SETTING_NOT_FOUND);
  return raw;
}

// Anyone reads a public document (a visitor's page shows it); its editors read the rest and publish.
export const documentRoutes = new Hono<AppEnv>()
  .get('/:key', optionalAuth, (c) => {
    const key = documentKey(c.req.param('key'));
    const { deps, maybeUser } = c.var;
    if (!mayRead(deps, maybeUser, key)) throw new ServiceError(maybeUser ? 403 : 401, maybeUser ? EDITORS_ONLY_SEE_ERROR : SIGN_IN_TO_SEE_ERROR);
    const document = documentFor(deps, maybeUser, key);
    // A version names its text, and for an editor who published it: a device holding it is told so in a 304.
    const by = document.publishedBy;
    const signed = by ? `-${createHash('sha256').update(JSON.stringify(by)).digest('base64url').slice(0, 12)}` : '';
    const etag = `"${key}-${document.version}${signed}"`;
    c.header('ETag', etag);
    if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304);
    return c.json(document satisfies AnswerOf<'GET /club/documents/:key'>, 200);
  })
  .get('/:key/versions', requireAuth, (c) => {
    const key = documentKey(c.req.param('key'));
    return c.json(documentVersions(c.var.deps, c.var.user, key) satisfies AnswerOf<'GET /club/documents/:key/versions'>, 200);
  })
  .put('/:key', requireAuth, async (c) => {
    const key = documentKey(c.req.param('key'));
    const input = await readBody(c, publishDocumentSchema);
    return c.json(publishDocument(c.var.deps, c.var.user, key, input) satisfies AnswerOf<'PUT /club/documents/:key'>, 200);
  })
  .post('/:key/versions/:version/restore', requireAuth, async (c) => {
    const key = documentKey(c.req.param('key'));
    const raw = c.req.param('version');
    const version = raw === '0' ? 0 : idParam(raw);
    if (version === null) throw new ServiceError(404, VERSION_NOT_FOUND);
    const { version: current, confirm } = await readBody(c, restoreDocumentSchema);
    return c.json(restoreDocument(c.var.deps, c.var.user, key, version, current, confirm) satisfies AnswerOf<'POST /club/documents/:key/versions/:version/restore'>, 200);
  });
