// The club's own settings and texts as documents (docs/decisions/0093-club-documents.md): each has a
// key, a default (what the club had before anyone edited it, so a fresh club looks as the demo does),
// who may change it and whether anyone may read it. A document is read whole, published whole as a
// new version, and an older version can be published again. No zod here: a first paint reads this;
// the schemas that check a published body are in contract/club-documents-schemas.ts.

import { DEFAULT_RACE_POINTS, type RacePoints } from './race-points';

/** Who may publish a document: administrators only, or the page editors (administrators, and execs when the club allows it). */
export type DocumentEditors = 'admin' | 'pages';

/** Whether execs may edit the club's pages (Admin → Pages); administrators always may. */
export interface PagePermissions {
  execsEditPages: boolean;
}

/** What each key holds. A new setting is a line here, one in DOCUMENT_RULES and one in DOCUMENT_SCHEMAS. */
export interface ClubDocumentTypes {
  permissions: PagePermissions;
  'race-points': RacePoints;
}

export type DocumentKey = keyof ClubDocumentTypes;

/** What a default may draw on: the settings the server started with (their env values). */
export interface DocumentDefaultsContext {
  clubEmail: string;
  clubTimeZone: string;
}

export interface DocumentRule<K extends DocumentKey> {
  editors: DocumentEditors;
  /** Readable by anyone (a visitor's page shows it); otherwise by its editors only. */
  public: boolean;
  defaults: (context: DocumentDefaultsContext) => ClubDocumentTypes[K];
}

export const DOCUMENT_RULES: { [K in DocumentKey]: DocumentRule<K> } = {
  permissions: { editors: 'admin', public: false, defaults: () => ({ execsEditPages: false }) },
  'race-points': { editors: 'admin', public: true, defaults: () => structuredClone(DEFAULT_RACE_POINTS) },
};

export const DOCUMENT_KEYS = Object.keys(DOCUMENT_RULES) as DocumentKey[];

export function isDocumentKey(key: string): key is DocumentKey {
  return Object.hasOwn(DOCUMENT_RULES, key);
}

/** Whether someone of `role` may publish a document edited by `editors`, given the club's page permissions. */
export function mayEditDocument(editors: DocumentEditors, role: string, permissions: PagePermissions): boolean {
  if (role === 'administrator') return true;
  return editors === 'pages' && role === 'exec' && permissions.execsEditPages;
}
