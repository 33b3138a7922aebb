import { Hono } from 'hono';
import type { AnswerOf } from '../../../domain/contract/endpoints';
import { HOME_PHOTO_FIELD, HOME_PHOTO_MAX_BYTES } from '../../../domain/contract/club-documents';
import { saveUploadSet, toSlideWebps } from '../../accounts/uploads';
import type { AppEnv } from '../../platform/context';
import { ServiceError, forbidden } from '../../platform/errors';
import { requireAuth } from '../../platform/middleware/auth';
import { mayEdit } from '../documents';

// A photo for the home page's slideshow, through the picture pipeline (read from its bytes,
// re-encoded, EXIF dropped) as the two widths the slideshow loads. It shows once a publish of the
// home page names it; the editor gets its path back.
export const photoRoutes = new Hono<AppEnv>().post('/', requireAuth, async (c) => {
  const { deps, user } = c.var;
  if (!mayEdit(deps, user, 'home-page')) throw forbidden('Only administrators, and execs when allowed, can change the pages');
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) throw new ServiceError(415, `Send the photo as multipart/form-data in the field ${HOME_PHOTO_FIELD}`);
  let form: Record<string, string | File>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new ServiceError(400, 'The upload could not be read. Please try again.');
  }
  const file = form[HOME_PHOTO_FIELD];
  if (!(file instanceof File) || file.size === 0) throw new ServiceError(400, 'Please choose a photo to upload');
  if (file.size > HOME_PHOTO_MAX_BYTES) throw new ServiceError(413, 'The photo must be at most 5 MB');
  const image = await saveUploadSet(deps.uploadsDir, await toSlideWebps(new Uint8Array(await file.arrayBuffer())));
  return c.json({ image } satisfies AnswerOf<'POST /club/photos'>, 201);
});
