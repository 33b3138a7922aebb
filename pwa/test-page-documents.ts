// The page documents as the server sends them (their Markdown rendered), for component tests.
import { DOCUMENT_RULES } from '../domain/documents/club-documents';
import { defaultClubIdentity } from '../domain/documents/club-identity';
import { defaultTerms } from '../domain/calendar';
import { defaultJoin, feesOf, pageFilled, type PageDocumentTypes, type PageFacts, type PageKey } from '../domain/documents/club-pages';
import { defaultSeasons } from '../domain/schedule';
import type { ClubDocument } from '../domain/contract/club/club-documents';
import { pageHtml } from '../domain/documents/markdown';
import { DEFAULT_RULE_NUMBERS } from '../domain/rules';

export const TEST_CLUB_EMAIL = 'club@example.org';

export function pageDocument<K extends PageKey>(key: K, body?: PageDocumentTypes[K], version = 0): ClubDocument<K> {
  const text = body ?? (DOCUMENT_RULES[key].defaults({ clubEmail: TEST_CLUB_EMAIL, clubTimeZone: 'America/Toronto' }) as PageDocumentTypes[K]);
  const facts: PageFacts = {
    clubName: defaultClubIdentity(TEST_CLUB_EMAIL).name,
    contactEmail: TEST_CLUB_EMAIL,
    rules: DEFAULT_RULE_NUMBERS,
    terms: defaultTerms().terms,
    seasons: defaultSeasons(),
    fees: feesOf(defaultJoin()),
  };
  const html = pageHtml(key, text, facts);
  const filled = pageFilled(key, text, facts);
  return { key, version, body: text, html, filled, publishedAt: null, publishedBy: null, note: null, minor: false } as ClubDocument<K>;
}

/** Answers GET /club/documents/:key for the page documents with their defaults (or `bodies`). */
export function pageDocumentRoutes(bodies: Partial<PageDocumentTypes> = {}) {
  return {
    'GET /club/documents/:key': ({ params }: { params: { key: string } }) =>
      pageDocument(params.key as PageKey, bodies[params.key as PageKey] as never),
  };
}
