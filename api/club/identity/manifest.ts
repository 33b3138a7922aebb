// The web app manifest, from the club document: the build's manifest (display, start, scope) with the
// club's name, short name, description, colour and icons in force. An installed app reads it again at
// its next update, so an edit reaches the home screen without a rebuild. The build's screenshots show
// the demo club: offered in the install dialog only while the club looks like the demo (0120).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clubIcons, looksLikeTheDemo } from '../../../domain/documents/club-identity';
import type { AppDeps } from '../../platform/context';
import { clubIdentity } from './identity';

export const MANIFEST_PATH = '/manifest.webmanifest';

function builtManifest(distDir: string): Record<string, unknown> {
  const file = join(distDir, 'manifest.webmanifest');
  if (!existsSync(file)) return { id: '/', start_url: '/', scope: '/', display: 'standalone', background_color: '#ffffff' };
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

export function clubManifest(deps: AppDeps, distDir: string): Record<string, unknown> {
  const club = clubIdentity(deps);
  const icons = clubIcons(club.logo);
  const { screenshots, ...built } = builtManifest(distDir);
  return {
    ...built,
    ...(screenshots !== undefined && looksLikeTheDemo(club) && { screenshots }),
    name: club.name,
    short_name: club.shortName,
    description: club.description,
    theme_color: club.mainColour,
    icons: [
      { src: icons.icon192, sizes: '192x192', type: 'image/png' },
      { src: icons.icon512, sizes: '512x512', type: 'image/png' },
      { src: icons.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
