import type { Context } from 'hono';
import {
  PROFILE_PICTURE_MAX_BYTES,
  UPLOAD_UNREADABLE_ERROR,
  uploadFormMessage,
  uploadMissingMessage,
  uploadTooLargeMessage,
  type UploadNoun,
} from '../../domain/contract/members/users';
import type { AppEnv } from '../platform/context';
import { ServiceError } from '../platform/errors';

/**
 * The bytes of a picture sent as multipart/form-data in `field` (a profile picture, a team card's,
 * the club's logo, a photo of Home's slideshow), refused in the words of what the form calls it.
 */
export async function uploadedPicture(
  c: Context<AppEnv>,
  field: string,
  { noun = 'picture', maxBytes = PROFILE_PICTURE_MAX_BYTES }: { noun?: UploadNoun; maxBytes?: number } = {},
): Promise<Uint8Array> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) throw new ServiceError(415, uploadFormMessage(noun, field));
  let form: Record<string, string | File>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new ServiceError(400, UPLOAD_UNREADABLE_ERROR);
  }
  const file = form[field];
  if (!(file instanceof File) || file.size === 0) throw new ServiceError(400, uploadMissingMessage(noun));
  if (file.size > maxBytes) throw new ServiceError(413, uploadTooLargeMessage(noun, maxBytes));
  return new Uint8Array(await file.arrayBuffer());
}
