import { eq } from 'drizzle-orm';
import { teamProfiles } from '../../db/schema';
import { positionGroup, TEAM_MEMBER_NOT_FOUND, type TeamMember, type TeamPosition } from '../../domain/contract/club/profiles';
import type { TeamMemberUpdate } from '../../domain/contract/club/profiles-schemas';
import { saveUpload, toSquareWebp } from '../media/uploads';
import { documentBody } from '../club/documents';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';

type TeamProfileRow = typeof teamProfiles.$inferSelect;

// The positions and their order are the club's (the `team-positions` document); a card
// (team_profiles, by the position's id) says who holds one. A position nobody has filled yet has no card.
function toTeamMember(position: TeamPosition, row: TeamProfileRow | undefined): TeamMember {
  return { id: position.id, name: row?.name ?? '', bio: row?.bio ?? '', image: row?.image ?? '', email: row?.email ?? '', role: position.title, group: positionGroup(position) };
}

/** Every position, in the club's order, with who holds it. */
export function listTeamMembers(deps: AppDeps): TeamMember[] {
  const rows = new Map(deps.database.db.select().from(teamProfiles).all().map((row) => [row.id, row]));
  return documentBody(deps, 'team-positions').positions.map((p) => toTeamMember(p, rows.get(p.id)));
}

export function findTeamMember(deps: AppDeps, id: string): TeamMember | undefined {
  const position = documentBody(deps, 'team-positions').positions.find((p) => p.id === id);
  if (!position) return undefined;
  return toTeamMember(position, deps.database.db.select().from(teamProfiles).where(eq(teamProfiles.id, id)).get());
}

/**
 * Changes who holds a position and what their card says. An id that is not one of the club's
 * positions is a 404; fields left out keep their stored values.
 */
export function updateTeamMember(deps: AppDeps, id: string, changes: TeamMemberUpdate, now: number): TeamMember {
  const position = documentBody(deps, 'team-positions').positions.find((p) => p.id === id);
  if (!position) throw new ServiceError(404, TEAM_MEMBER_NOT_FOUND);
  const set: Partial<TeamProfileRow> = { updatedAt: now, role: position.title };
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.bio !== undefined) set.bio = changes.bio;
  if (changes.image !== undefined) set.image = changes.image;
  if (changes.email !== undefined) set.email = changes.email;
  const row = deps.database.db
    .insert(teamProfiles)
    .values({ id, role: position.title, ...set })
    .onConflictDoUpdate({ target: teamProfiles.id, set })
    .returning()
    .get();
  return toTeamMember(position, row);
}

/**
 * POST /profiles/picture: the picture re-encoded as the profile pictures are (a square WebP, nothing
 * of the original kept) under a server-made name. It is a card's once the card is saved with its URL,
 * as the club's logo is; the file stays when a card moves on to another, as an old logo's does.
 */
export async function uploadTeamPicture(deps: AppDeps, bytes: Uint8Array): Promise<{ image: string }> {
  return { image: await saveUpload(deps.uploadsDir, await toSquareWebp(bytes)) };
}
