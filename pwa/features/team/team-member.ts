import { BIO_PREVIEW_LENGTH, positionGroup, type TeamMember } from '../../../domain/contract/club/profiles';

export const EMPTY_BIO = 'Bio coming soon...';
export { VACANT_NAME } from '../../../domain/contract/club/profiles';

/** Whether the card is a coach's: its position's section (a copy kept from before positions had one is read by its id). */
export function isCoach(member: Pick<TeamMember, 'id'> & { group?: TeamMember['group'] | undefined }): boolean {
  return positionGroup(member) === 'coach';
}

export { profilePath, slugify } from '../../../domain/contract/club/profiles';

/** The card's bio: the first 120 characters plus an ellipsis, or the placeholder when there is none. */
export function bioPreview(bio: string): string {
  const text = bio.trim();
  if (!text) return EMPTY_BIO;
  if (text.length <= BIO_PREVIEW_LENGTH) return text;
  return `${text.slice(0, BIO_PREVIEW_LENGTH).trimEnd()}…`;
}

/** Paragraphs split on blank lines, as the own-profile page does. */
export function bioParagraphs(bio: string): string[] {
  return bio
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * What to put in <img src>, or null for the default icon. Uploads stay root-relative (same origin as the
 * API); anything the API would not accept is treated as no image rather than trusted.
 */
export function imageSrc(image: string): string | null {
  const value = image.trim();
  if (value.startsWith('/uploads/') && !value.includes('..')) return value;
  if (/^https:\/\//i.test(value)) return value;
  return null;
}

/**
 * Position titles that tell positions apart: two positions share 'Co-President', so the second one
 * becomes 'Co-President 2' (edit buttons and profile headings must not be ambiguous).
 */
export function positionLabels(members: Pick<TeamMember, 'id' | 'role'>[]): Map<string, string> {
  const seen = new Map<string, number>();
  const labels = new Map<string, string>();
  for (const m of members) {
    const n = (seen.get(m.role) ?? 0) + 1;
    seen.set(m.role, n);
    labels.set(m.id, n === 1 ? m.role : `${m.role} ${n}`);
  }
  return labels;
}
