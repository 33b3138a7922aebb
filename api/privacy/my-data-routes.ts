import { Hono } from 'hono';
import { DEFAULT_PRIVACY_FACTS, type PrivacyFacts } from '../../domain/contract/members/privacy';
import type { AppEnv } from '../platform/context';
import { requireAuth } from '../platform/middleware/auth';
import { exportMyData } from './my-data';
import { clubSafety } from '../club/settings';

// /api/me/export: the signed-in account's own data as a download. Any signed-in account, pending or
// expired included (a member who never paid may still want to see what the club holds).
export const myDataRoutes = new Hono<AppEnv>().get('/', requireAuth, async (c) => {
  const file = await exportMyData(c.var.deps, c.var.user.row);
  return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${file.filename}"`,
    'Cache-Control': 'no-store',
  });
});

// /api/privacy: what the privacy page states about how long things are kept, from the server's own settings.
export const privacyRoutes = new Hono<AppEnv>().get('/', (c) => {
  const { env, hosted } = c.var.deps;
  return c.json(
    {
      ...DEFAULT_PRIVACY_FACTS,
      backups: {
        everyHours: env.BACKUP_EVERY === null ? null : Math.round((env.BACKUP_EVERY / 3_600_000) * 10) / 10,
        kept: env.BACKUP_KEEP,
      },
      ...(hosted && { hostedBy: hosted.hostName }),
      safetyCardDays: clubSafety(c.var.deps).keepDaysAfterMembership,
    } satisfies PrivacyFacts,
    200,
  );
});
