import type { ClubDocumentTypes, DocumentKey } from '../../documents/club-documents';

/** A document as it is in force: version 0 is the default, never published. */
export interface ClubDocument<K extends DocumentKey = DocumentKey> {
  key: K;
  version: number;
  body: ClubDocumentTypes[K];
  /** When this version was published; null for the default. */
  publishedAt: number | null;
  /**
   * Who published this version, told to the document's editors only: null for everyone else, and for
   * the default. A deleted account is `{ id: null, name: DELETED_PUBLISHER }`.
   */
  publishedBy: { id: number | null; name: string } | null;
  note: string | null;
  minor: boolean;
  /** A page's Markdown fields rendered to sanitised HTML, by path (`items.3.answer`): what a public page shows. */
  html?: Record<string, string>;
  /** A page's plain texts with their placeholders filled in, by path (`figures.2.value`): what a public page shows. */
  filled?: Record<string, string>;
}

/** Who published a version, once that account has been deleted. */
export const DELETED_PUBLISHER = 'A deleted account';

// The refusals of reading, publishing and restoring a document.
export const SETTING_NOT_FOUND = 'Setting not found';
export const VERSION_NOT_FOUND = 'Version not found';
export const SIGN_IN_TO_SEE_ERROR = 'Sign in to see this';
export const EDITORS_ONLY_SEE_ERROR = 'You do not have permission to see this';
export const ADMINS_ONLY_CHANGE_ERROR = 'Only administrators can change this';
export const PAGE_EDITORS_ONLY_ERROR = 'Only administrators, and execs when allowed, can change the pages';
export const DOCUMENT_CONFLICT_ERROR =
  'Someone else published a newer version while you were editing: here it is. Your changes are still in the form.';

/** GET /club/documents/:key/versions: every published version, newest first, each whole (to preview and restore). */
export interface ClubDocumentVersionsAnswer<K extends DocumentKey = DocumentKey> {
  current: number;
  versions: ClubDocument<K>[];
}

/** A 409 to a publish made from an older version: the newer text, to show the editor. */
export interface DocumentConflict<K extends DocumentKey = DocumentKey> {
  error: string;
  current: ClubDocument<K>;
}

/** POST /club/photos: the form field of a home page photo, and its largest size. */
export const HOME_PHOTO_FIELD = 'photo';
export const HOME_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** POST /club/photos: the photo's path, without its width (`/uploads/<name>`: its files end -800.webp and -1600.webp). */
export interface HomePhotoAnswer {
  image: string;
}
