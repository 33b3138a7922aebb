import { Hono } from 'hono';
import { CLUB_LOGO_FIELD } from '../../../domain/contract/club/club';
import type { AnswerOf } from '../../../domain/contract/endpoints';
import { uploadedPicture } from '../../media/picture-form';
import type { AppEnv } from '../../platform/context';
import { requireAuth, requireRole } from '../../platform/middleware/auth';
import { etagMatches } from '../../platform/middleware/etag';
import { clubAnswer, uploadLogo } from './identity';

// GET /api/club is public (every page shows the club's name and colour); the logo upload is the
// administrators', who then save the club document with its URL (PUT /api/club/documents/club).
export const clubRoutes = new Hono<AppEnv>()
  .get('/', (c) => {
    const answer = clubAnswer(c.var.deps);
    const etag = `"club-${answer.version}"`;
    c.header('ETag', etag);
    if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304);
    return c.json(answer satisfies AnswerOf<'GET /club'>, 200);
  })
  .post('/logo', requireAuth, requireRole('administrator'), async (c) => {
    const bytes = await uploadedPicture(c, CLUB_LOGO_FIELD);
    return c.json((await uploadLogo(c.var.deps, bytes)) satisfies AnswerOf<'POST /club/logo'>, 200);
  });
