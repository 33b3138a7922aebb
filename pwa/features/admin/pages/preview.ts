// The editor's preview: the draft as the server will send it (its Markdown rendered by the same
// module, domain/markdown.ts), so the public page's own view shows it exactly as it will look.
import { MARKDOWN_FIELDS, markdownTexts, type PageDocumentTypes, type PageKey } from '../../../../domain/club-pages';
import type { ClubDocument } from '../../../../domain/contract/club-documents';
import { renderMarkdown } from '../../../../domain/markdown';

export function previewDocument<K extends PageKey>(key: K, body: PageDocumentTypes[K]): ClubDocument<K> {
  const texts = markdownTexts(MARKDOWN_FIELDS[key], body);
  const html = Object.fromEntries(Object.entries(texts).map(([path, text]) => [path, renderMarkdown(text)]));
  return { key, version: 0, body, html, publishedAt: null, publishedBy: null, note: null, minor: false } as ClubDocument<K>;
}
