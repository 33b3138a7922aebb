import { Hono } from 'hono';
import type { AnswerOf } from '../../../domain/contract/endpoints';
import { HOME_PHOTO_FIELD, HOME_PHOTO_MAX_BYTES, PAGE_EDITORS_ONLY_ERROR } from '../../../domain/contract/club/club-documents';
import { uploadedPicture } from '../../media/picture-form';
import { saveUploadSet, toSlideWebps } from '../../media/uploads';
import type { AppEnv } from '../../platform/context';
import { ServiceError } from '../../platform/errors';
import { requireAuth } from '../../platform/middleware/auth';
import { mayEdit } from '../documents';

// A photo for the home page's slideshow, through the picture pipeline (read from its bytes,
// re-encoded, EXIF dropped) as the two widths the slideshow loads. It shows once a publish of the
// home page names it; the editor gets its path back.
export const photoRoutes = new Hono<AppEnv>().post('/', requireAuth, async (c) => {
  const { deps, user } = c.var;
  if (!mayEdit(deps, user, 'home-page')) throw new ServiceError(403, PAGE_EDITORS_ONLY_ERROR);
  const bytes = await uploadedPicture(c, HOME_PHOTO_FIELD, { noun: 'photo', maxBytes: HOME_PHOTO_MAX_BYTES });
  const image = await saveUploadSet(deps.uploadsDir, await toSlideWebps(bytes));
  return c.json({ image } satisfies AnswerOf<'POST /club/photos'>, 201);
});
