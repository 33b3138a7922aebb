import type { Context } from 'hono';
import { PROFILE_PICTURE_MAX_BYTES } from '../../domain/contract/users';
import type { AppEnv } from '../platform/context';
import { ServiceError } from '../platform/errors';

/** The bytes of a picture sent as multipart/form-data in `field` (a profile picture, the club's logo). */
export async function uploadedPicture(c: Context<AppEnv>, field: string): Promise<Uint8Array> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) {
    throw new ServiceError(415, `Send the picture as multipart/form-data in the field ${field}`);
  }
  let form: Record<string, string | File>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new ServiceError(400, 'The upload could not be read. Please try again.');
  }
  const file = form[field];
  if (!(file instanceof File) || file.size === 0) throw new ServiceError(400, 'Please choose a picture to upload');
  if (file.size > PROFILE_PICTURE_MAX_BYTES) throw new ServiceError(413, 'The picture must be at most 5 MB');
  return new Uint8Array(await file.arrayBuffer());
}
