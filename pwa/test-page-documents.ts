// The page documents as the server sends them (their Markdown rendered), for component tests.
import { DOCUMENT_RULES } from '../domain/club-documents';
import { MARKDOWN_FIELDS, markdownTexts, type PageDocumentTypes, type PageKey } from '../domain/club-pages';
import type { ClubDocument } from '../domain/contract/club-documents';
import { renderMarkdown } from '../domain/markdown';

export const TEST_CLUB_EMAIL = 'club@example.org';

export function pageDocument<K extends PageKey>(key: K, body?: PageDocumentTypes[K], version = 0): ClubDocument<K> {
  const text = body ?? (DOCUMENT_RULES[key].defaults({ clubEmail: TEST_CLUB_EMAIL, clubTimeZone: 'America/Toronto' }) as PageDocumentTypes[K]);
  const html = Object.fromEntries(Object.entries(markdownTexts(MARKDOWN_FIELDS[key], text)).map(([path, md]) => [path, renderMarkdown(md)]));
  return { key, version, body: text, html, publishedAt: null, publishedBy: null, note: null, minor: false } as ClubDocument<K>;
}

/** Answers GET /club/documents/:key for the page documents with their defaults (or `bodies`). */
export function pageDocumentRoutes(bodies: Partial<PageDocumentTypes> = {}) {
  return {
    'GET /club/documents/:key': ({ params }: { params: { key: string } }) =>
      pageDocument(params.key as PageKey, bodies[params.key as PageKey] as never),
  };
}
