import { asc, eq } from 'drizzle-orm';
import { teamProfiles } from '../../db/schema';
import type { TeamMember } from '../../domain/contract/profiles';
import type { TeamMemberUpdate } from '../../domain/contract/profiles-schemas';
import type { AppDeps } from '../platform/context';
import { notFound } from '../platform/errors';

type TeamProfileRow = typeof teamProfiles.$inferSelect;

function toTeamMember(row: TeamProfileRow): TeamMember {
  return { id: row.id, name: row.name, bio: row.bio, image: row.image, email: row.email, role: row.role };
}

/** Every position, in the club's own order (the seed's sort order, then id for ties). */
export function listTeamMembers(deps: Pick<AppDeps, 'database'>): TeamMember[] {
  return deps.database.db
    .select().from(teamProfiles).orderBy(asc(teamProfiles.sortOrder), asc(teamProfiles.id)).all().map(toTeamMember);
}

export function findTeamMember(deps: Pick<AppDeps, 'database'>, id: string): TeamMember | undefined {
  const row = deps.database.db.select().from(teamProfiles).where(eq(teamProfiles.id, id)).get();
  return row && toTeamMember(row);
}

/**
 * Changes who holds a position and what their card says. Positions are fixed (seeded), so an unknown
 * id is a 404 rather than a new row; fields left out keep their stored values.
 */
export function updateTeamMember(
  deps: Pick<AppDeps, 'database'>,
  id: string,
  changes: TeamMemberUpdate,
  now: number,
): TeamMember {
  const set: Partial<TeamProfileRow> = { updatedAt: now };
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.bio !== undefined) set.bio = changes.bio;
  if (changes.image !== undefined) set.image = changes.image;
  if (changes.email !== undefined) set.email = changes.email;
  const row = deps.database.db.update(teamProfiles).set(set).where(eq(teamProfiles.id, id)).returning().get();
  if (!row) throw notFound('Team member');
  return toTeamMember(row);
}
