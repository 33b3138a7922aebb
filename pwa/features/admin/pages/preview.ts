// The editor's preview: the draft as the server will send it (its Markdown rendered by the same
// module, domain/markdown.ts), so the public page's own view shows it exactly as it will look.
import { MARKDOWN_FIELDS, fillFacts, markdownTexts, type PageDocumentTypes, type PageKey } from '../../../../domain/club-pages';
import { clubIdentity } from '../../../lib/club/club-identity';
import { clubRules } from '../../../lib/club/club-rules';
import { clubTerms } from '../../../lib/club/club-terms';
import type { ClubDocument } from '../../../../domain/contract/club-documents';
import { renderMarkdown } from '../../../../domain/markdown';

export function previewDocument<K extends PageKey>(key: K, body: PageDocumentTypes[K]): ClubDocument<K> {
  const texts = markdownTexts(MARKDOWN_FIELDS[key], body);
  // The facts a text names in braces, as this device last learned them from the club's settings.
  const facts = { clubName: clubIdentity().name, rules: clubRules(), terms: clubTerms() };
  const html = Object.fromEntries(Object.entries(texts).map(([path, text]) => [path, renderMarkdown(fillFacts(text, facts))]));
  return { key, version: 0, body, html, publishedAt: null, publishedBy: null, note: null, minor: false } as ClubDocument<K>;
}
