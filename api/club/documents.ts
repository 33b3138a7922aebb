// The club's documents (domain/documents/club-documents.ts): read whole, published whole as a new version, an
// older version published again. Every setting an administrator changes in the app is one of these,
// so history, restore and the check against a lost edit are written once, here.
import { and, desc, eq, max } from 'drizzle-orm';
import { clubDocuments, users, type ClubDocumentRow } from '../../db/schema';
import {
  DOCUMENT_RULES,
  mayEditDocument,
  withDefaultsForNewFields,
  withUnsentFieldsKept,
  type ClubDocumentTypes,
  type DocumentKey,
} from '../../domain/documents/club-documents';
import {
  ADMINS_ONLY_CHANGE_ERROR,
  DELETED_PUBLISHER,
  DOCUMENT_CONFLICT_ERROR,
  PAGE_EDITORS_ONLY_ERROR,
  VERSION_NOT_FOUND,
  type ClubDocument,
  type ClubDocumentVersionsAnswer,
} from '../../domain/contract/club/club-documents';
import { DOCUMENT_SCHEMAS, type PublishDocument } from '../../domain/contract/club/club-documents-schemas';
import { MARKDOWN_FIELDS, feesOf, pageFilled, type PageFacts, type PageKey } from '../../domain/documents/club-pages';
import { pageHtml } from '../../domain/documents/markdown';
import type { AppDeps, CurrentUser } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { parseNamingField } from '../platform/middleware/validate';

type Actor = Pick<CurrentUser, 'id' | 'role'>;

// A document is read on most requests (the club's name in a page's head, the rules on a sign-up), so
// the one in force is kept per database and dropped by the publish that replaces it. It is kept
// without its publisher: who published it is read from the database for an editor's answer only, so
// a deleted or renamed account is never named from memory.
const inForce = new WeakMap<AppDeps['database'], Map<DocumentKey, ClubDocument>>();

function keptFor(deps: AppDeps): Map<DocumentKey, ClubDocument> {
  let kept = inForce.get(deps.database);
  if (!kept) inForce.set(deps.database, (kept = new Map()));
  return kept;
}

/** The settings a page's text may name in braces (domain/documents/club-pages.ts), as they are in force. */
function pageFacts(deps: AppDeps): PageFacts {
  const club = documentBody(deps, 'club');
  return {
    clubName: club.name,
    contactEmail: club.contactEmail,
    rules: documentBody(deps, 'rules'),
    terms: documentBody(deps, 'terms').terms,
    seasons: documentBody(deps, 'seasons'),
    locale: documentBody(deps, 'region').locale,
    // Read without its HTML: Join us's own HTML is filled from these facts.
    fees: feesOf(storedBodyInForce(deps, 'join-page')),
  };
}

/**
 * A page's Markdown rendered here, and its plain texts, with their placeholders filled in, so a
 * visitor's page shows them as they are and never loads the renderer. Drawn from other documents too,
 * so any publish drops every kept one.
 */
function withHtml<K extends DocumentKey>(deps: AppDeps, document: ClubDocument<K>): ClubDocument<K> {
  if (!Object.hasOwn(MARKDOWN_FIELDS, document.key)) return document;
  const key = document.key as PageKey;
  const facts = pageFacts(deps);
  const filled = pageFilled(key, document.body, facts);
  return { ...document, html: pageHtml(key, document.body, facts), ...(Object.keys(filled).length > 0 && { filled }) };
}

function defaultsContext(deps: AppDeps) {
  return { clubEmail: deps.env.CLUB_EMAIL, clubTimeZone: deps.env.CLUB_TIMEZONE };
}

/** A stored version's body, with the fields added since it was published at their defaults. */
function storedBody<K extends DocumentKey>(deps: AppDeps, key: K, row: ClubDocumentRow): ClubDocumentTypes[K] {
  return withDefaultsForNewFields(key, JSON.parse(row.body) as ClubDocumentTypes[K], defaultsContext(deps));
}

/** Who published a version (its row and the account's name now), or "A deleted account". */
function publisherOf(row: ClubDocumentRow, name: string | null): NonNullable<ClubDocument['publishedBy']> {
  return row.publishedBy !== null && name !== null ? { id: row.publishedBy, name } : { id: null, name: DELETED_PUBLISHER };
}

function toDocument<K extends DocumentKey>(deps: AppDeps, key: K, row: ClubDocumentRow, publisher: string | null): ClubDocument<K> {
  return withHtml(deps, {
    key,
    version: row.version,
    body: storedBody(deps, key, row),
    publishedAt: row.publishedAt,
    publishedBy: publisherOf(row, publisher),
    note: row.note,
    minor: row.minor,
  });
}

function defaultDocument<K extends DocumentKey>(deps: AppDeps, key: K): ClubDocument<K> {
  const body = DOCUMENT_RULES[key].defaults(defaultsContext(deps));
  return withHtml(deps, { key, version: 0, body, publishedAt: null, publishedBy: null, note: null, minor: false });
}

function versionRows(deps: AppDeps, key: DocumentKey, version?: number) {
  return deps.database.db
    .select({ row: clubDocuments, publisher: users.name })
    .from(clubDocuments)
    .leftJoin(users, eq(users.id, clubDocuments.publishedBy))
    .where(version === undefined ? eq(clubDocuments.key, key) : and(eq(clubDocuments.key, key), eq(clubDocuments.version, version)))
    .orderBy(desc(clubDocuments.version));
}

/** A version as anyone but its editors reads it: without who published it. */
function withoutPublisher<K extends DocumentKey>(document: ClubDocument<K>): ClubDocument<K> {
  return document.publishedBy === null ? document : { ...document, publishedBy: null };
}

/** The body in force as stored (or the default), without building its HTML. */
function storedBodyInForce<K extends DocumentKey>(deps: AppDeps, key: K): ClubDocumentTypes[K] {
  const kept = keptFor(deps).get(key) as ClubDocument<K> | undefined;
  if (kept) return kept.body;
  const newest = versionRows(deps, key).limit(1).get();
  return newest ? storedBody(deps, key, newest.row) : DOCUMENT_RULES[key].defaults(defaultsContext(deps));
}

/** The document in force, its newest published version or its default, as anyone reads it (no publisher). */
export function readDocument<K extends DocumentKey>(deps: AppDeps, key: K): ClubDocument<K> {
  const kept = keptFor(deps);
  const known = kept.get(key) as ClubDocument<K> | undefined;
  if (known) return known;
  const newest = versionRows(deps, key).limit(1).get();
  const document = withoutPublisher(newest ? toDocument(deps, key, newest.row, newest.publisher) : defaultDocument(deps, key));
  kept.set(key, document);
  return document;
}

/**
 * GET /club/documents/:key: the document in force, naming who published it to its editors only (read
 * from the database now, so a deleted account is "A deleted account"); everyone else gets null there.
 */
export function documentFor<K extends DocumentKey>(deps: AppDeps, reader: Actor | null, key: K): ClubDocument<K> {
  const document = readDocument(deps, key);
  if (document.version === 0 || reader === null || !mayEdit(deps, reader, key)) return document;
  const published = versionRows(deps, key, document.version).get();
  return published ? { ...document, publishedBy: publisherOf(published.row, published.publisher) } : document;
}

/** The body in force: what the rest of the server reads. */
export function documentBody<K extends DocumentKey>(deps: AppDeps, key: K): ClubDocumentTypes[K] {
  return readDocument(deps, key).body;
}

export function mayEdit(deps: AppDeps, actor: Actor, key: DocumentKey): boolean {
  return mayEditDocument(DOCUMENT_RULES[key].editors, actor.role, documentBody(deps, 'permissions'));
}

/** A reader of a document that is not public must be one of its editors. */
export function mayRead(deps: AppDeps, actor: Actor | null, key: DocumentKey): boolean {
  return DOCUMENT_RULES[key].public || (actor !== null && mayEdit(deps, actor, key));
}

function requireEditor(deps: AppDeps, actor: Actor, key: DocumentKey): void {
  if (!mayEdit(deps, actor, key)) {
    throw new ServiceError(403, DOCUMENT_RULES[key].editors === 'admin' ? ADMINS_ONLY_CHANGE_ERROR : PAGE_EDITORS_ONLY_ERROR);
  }
}

/** The body checked against its document's schema; a refusal names the field (`field`: its path, dotted). */
export function checkBody<K extends DocumentKey>(key: K, body: unknown): ClubDocumentTypes[K] {
  return parseNamingField(DOCUMENT_SCHEMAS[key], body) as ClubDocumentTypes[K];
}

function conflict(deps: AppDeps, actor: Actor, key: DocumentKey): ServiceError {
  return new ServiceError(409, DOCUMENT_CONFLICT_ERROR, {
    current: documentFor(deps, actor, key),
  });
}

/**
 * What a publish of `key` must check against the rest of the club's data (a schema sees only the
 * body): the features' checks the composition root handed over, run inside the publish's transaction
 * with the body in force and the new one; a refusal is thrown.
 */
function runPublishChecks<K extends DocumentKey>(deps: AppDeps, key: K, before: ClubDocumentTypes[K], after: ClubDocumentTypes[K], confirmed: boolean): void {
  for (const check of deps.publishChecks[key] ?? []) check(deps, before, after, confirmed);
}

function insertVersion<K extends DocumentKey>(
  deps: AppDeps,
  actor: Actor | null,
  key: K,
  body: ClubDocumentTypes[K],
  expected: number,
  extra: { note?: string | undefined; minor?: boolean | undefined; confirm?: boolean | undefined },
): ClubDocument<K> {
  const document = deps.database.tx(() => {
    const { db } = deps.database;
    const newest = db.select({ v: max(clubDocuments.version) }).from(clubDocuments).where(eq(clubDocuments.key, key)).get()?.v ?? 0;
    if (newest !== expected) throw actor ? conflict(deps, actor, key) : new ServiceError(409, DOCUMENT_CONFLICT_ERROR);
    runPublishChecks(deps, key, documentBody(deps, key), body, extra.confirm === true);
    const row = db
      .insert(clubDocuments)
      .values({
        key,
        version: newest + 1,
        body: JSON.stringify(body),
        publishedBy: actor?.id ?? null,
        publishedAt: deps.clock(),
        note: extra.note || null,
        minor: extra.minor ?? false,
      })
      .returning()
      .get();
    const publisher = actor ? (db.select({ name: users.name }).from(users).where(eq(users.id, actor.id)).get()?.name ?? null) : null;
    return toDocument(deps, key, row, publisher);
  });
  // Pages are drawn from other documents (the club's name, the rules, the terms): all are read again.
  keptFor(deps).clear();
  keptFor(deps).set(key, withoutPublisher(document));
  for (const listener of changeListeners) listener(deps, key);
  return document;
}

type ChangeListener = (deps: AppDeps, key: DocumentKey) => void;
const changeListeners = new Set<ChangeListener>();

/** Called after every publish (a cache drawn from a document drops what it drew). */
export function onDocumentPublished(listener: ChangeListener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/**
 * PUT /club/documents/:key: the edit, made from version `input.version`, becomes the next version. If
 * someone published since, nothing is written and the answer is a 409 carrying the newer document.
 */
export function publishDocument<K extends DocumentKey>(deps: AppDeps, actor: Actor, key: K, input: PublishDocument): ClubDocument<K> {
  requireEditor(deps, actor, key);
  const body = checkBody(key, withUnsentFieldsKept(key, documentBody(deps, key), input.body));
  return insertVersion(deps, actor, key, body, input.version, input);
}

/**
 * A document's first version, written by no account: what the host that creates a club says of it (its
 * name, its contact) before the club has anyone. Refused (409) once the document has a version.
 */
export function publishFirstVersion<K extends DocumentKey>(deps: AppDeps, key: K, body: ClubDocumentTypes[K], note: string): ClubDocument<K> {
  return insertVersion(deps, null, key, checkBody(key, body), 0, { note });
}

/** GET /club/documents/:key/versions: the history, newest first. */
export function documentVersions<K extends DocumentKey>(deps: AppDeps, actor: Actor, key: K): ClubDocumentVersionsAnswer<K> {
  requireEditor(deps, actor, key);
  const versions = versionRows(deps, key)
    .all()
    .map(({ row, publisher }) => toDocument(deps, key, row, publisher));
  return { current: versions[0]?.version ?? 0, versions };
}

/**
 * POST /club/documents/:key/versions/:version/restore: version `version` (0: the default) published
 * again as the newest, so the history keeps what was replaced. `current` is the check against a lost edit.
 */
export function restoreDocument<K extends DocumentKey>(
  deps: AppDeps,
  actor: Actor,
  key: K,
  version: number,
  current: number,
  confirm?: boolean,
): ClubDocument<K> {
  requireEditor(deps, actor, key);
  let body: ClubDocumentTypes[K];
  if (version === 0) {
    body = defaultDocument(deps, key).body;
  } else {
    const old = versionRows(deps, key, version).get();
    if (!old) throw new ServiceError(404, VERSION_NOT_FOUND);
    // An old body is checked again: the schema may have grown a rule since it was published.
    body = checkBody(key, storedBody(deps, key, old.row));
  }
  return insertVersion(deps, actor, key, body, current, { note: `Restored version ${version}`, confirm });
}
