// Team member profiles: the club's coach and executive positions (the `team-positions` document,
// edited in Admin → Team) and who holds each, shown on Coaches and Exec and on each profile page.

/**
 * One position of the team page. `id` stays when the position is renamed, so its holder, the
 * /profile/<id>/<name> address and `PUT /profiles/:id` keep working; `title` is what the page shows.
 */
export interface TeamPosition {
  id: string;
  title: string;
  /**
   * The section of the team page its card is in. Documents saved before positions had one leave it
   * out: `positionGroup` reads those as they were shown then.
   */
  group?: PositionGroup;
}

/** A section of the Coaches and Exec page: the coaches, or the executive team. */
export const POSITION_GROUPS = ['coach', 'exec'] as const;
export type PositionGroup = (typeof POSITION_GROUPS)[number];
export const POSITION_GROUP_NAMES: Record<PositionGroup, string> = { coach: 'Coaches', exec: 'Executive Team' };

/** The section a position's card is in: its own, or for a position saved without one, coaches for an id ending in "-coach". */
export function positionGroup(position: { id: string; group?: PositionGroup | undefined }): PositionGroup {
  return position.group ?? (position.id.endsWith('-coach') ? 'coach' : 'exec');
}

/** The `team-positions` document: the positions in the order the team page shows them. */
export interface TeamPositionsDocument {
  positions: TeamPosition[];
}

/** The ten positions the club had before anyone edited them. */
export const DEFAULT_TEAM_POSITIONS: readonly TeamPosition[] = [
  { id: 'swim-coach', title: 'Swim Coach', group: 'coach' },
  { id: 'run-coach', title: 'Run Coach', group: 'coach' },
  { id: 'co-president', title: 'Co-President', group: 'exec' },
  { id: 'co-president-2', title: 'Co-President', group: 'exec' },
  { id: 'treasurer', title: 'Treasurer', group: 'exec' },
  { id: 'secretary', title: 'Secretary', group: 'exec' },
  { id: 'social-coordinator', title: 'Social Coordinator', group: 'exec' },
  { id: 'social-media', title: 'Social Media', group: 'exec' },
  { id: 'webmaster', title: 'Webmaster', group: 'exec' },
  { id: 'workout-coordinator', title: 'Workout Coordinator', group: 'exec' },
];

export function defaultTeamPositions(): TeamPositionsDocument {
  return { positions: DEFAULT_TEAM_POSITIONS.map((p) => ({ ...p })) };
}

/** A new position's id: its title's slug, made unique among `taken` ('Co-President' → 'co-president-3'). */
export function positionId(title: string, taken: readonly string[]): string {
  const base = slugify(title) || 'position';
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/** One position and who holds it. `role` is the position's display title, e.g. 'Swim Coach'. */
export interface TeamMember {
  id: string;
  name: string;
  bio: string;
  image: string;
  email: string;
  role: string;
  /** The page's section the card is in (`positionGroup` of its position). */
  group: PositionGroup;
}

export interface TeamMembersAnswer {
  teamMembers: TeamMember[];
}

export interface TeamMemberAnswer {
  teamMember: TeamMember;
}

/** POST /profiles/picture (multipart, the picture in this field): the card picture's URL, saved with the card. */
export const TEAM_PICTURE_FIELD = 'picture';

export interface TeamPictureAnswer {
  image: string;
}

export const VACANT_NAME = 'Position open';

/** 'Maya Chen-Smith' → 'maya-chen-smith'; accents folded so the URL stays readable. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** /profile/{position id}/{name slug}; a vacant position (or an unsluggable name) uses its id. */
export function profilePath(member: Pick<TeamMember, 'id' | 'name'>): string {
  const slug = slugify(member.name) || member.id;
  return `/profile/${encodeURIComponent(member.id)}/${encodeURIComponent(slug)}`;
}

export const TEAM_NAME_MAX = 100;
export const TEAM_BIO_MAX = 2000;
export const TEAM_IMAGE_MAX = 2048;
export const BIO_PREVIEW_LENGTH = 120;

export const TEAM_IMAGE_ERROR = 'The image must be a link starting with https:// or an uploaded picture (/uploads/...).';
export const TEAM_EMAIL_ERROR = 'Please enter a valid email address (e.g., name@example.com)';
export const TEAM_MEMBER_NOT_FOUND = 'Team member not found';
export const HELD_POSITION_ERROR = 'Someone holds a position you removed: remove it anyway to clear their card.';

// Uploaded files get server-made names, so a strict character set costs nothing and rules out
// `..`, query strings and anything that could leave the uploads folder.
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9_-][A-Za-z0-9._/-]*$/;

/**
 * An image the UI may put in an <img src>: empty (default icon), a root-relative upload, or an https
 * URL. Everything else (javascript:, data:, http:, protocol-relative //host) is refused.
 */
export function isAllowedTeamImage(value: string): boolean {
  if (value === '') return true;
  if (value.startsWith('/uploads/')) return UPLOAD_PATH.test(value) && !value.includes('..') && !value.includes('//');
  if (!/^https:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}
