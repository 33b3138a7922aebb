// The editor's preview: the draft as the server will send it (its Markdown rendered by the same
// module, domain/markdown.ts), so the public page's own view shows it exactly as it will look.
import type { PageDocumentTypes, PageKey } from '../../../../domain/club-pages';
import { clubIdentity } from '../../../lib/club/club-identity';
import { clubRules } from '../../../lib/club/club-rules';
import { clubTerms } from '../../../lib/club/club-terms';
import type { ClubDocument } from '../../../../domain/contract/club-documents';
import { pageHtml } from '../../../../domain/markdown';

export function previewDocument<K extends PageKey>(key: K, body: PageDocumentTypes[K]): ClubDocument<K> {
  // The facts a text names in braces, as this device last learned them from the club's settings.
  const html = pageHtml(key, body, { clubName: clubIdentity().name, rules: clubRules(), terms: clubTerms() });
  return { key, version: 0, body, html, publishedAt: null, publishedBy: null, note: null, minor: false } as ClubDocument<K>;
}
