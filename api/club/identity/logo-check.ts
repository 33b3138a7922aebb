// A logo is in force only as a picture this server made: its URL has the shape of one (the document's
// schema) and its files are here, the logo and every icon made from it at upload (identity.ts). So a
// save naming an upload that is not a logo, or one whose files are gone, never leaves every page and
// the installed app naming icons that answer 404.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LOGO_REFUSAL, clubIcons, type ClubIdentity } from '../../../domain/documents/club-identity';
import type { AppDeps } from '../../platform/context';
import { ServiceError } from '../../platform/errors';

const inUploads = (deps: AppDeps, url: string) => existsSync(join(deps.uploadsDir, url.replace(/^\/uploads\//, '')));

/** Refuses (400, naming the field) a club document whose logo this server did not make. */
export function checkLogoMade(deps: AppDeps, _before: ClubIdentity, after: ClubIdentity): void {
  if (after.logo === null) return;
  const files = [after.logo, ...Object.values(clubIcons(after.logo))];
  if (!files.every((url) => url.startsWith('/uploads/') && inUploads(deps, url))) {
    throw new ServiceError(400, LOGO_REFUSAL, { field: 'logo' });
  }
}
