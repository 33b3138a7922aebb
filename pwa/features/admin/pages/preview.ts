// The editor's preview: the draft as the server will send it (its Markdown rendered by the same
// module, domain/documents/markdown.ts), so the public page's own view shows it exactly as it will look.
import { clubIdentity } from '../../../lib/club/club-identity';
import { clubRules } from '../../../lib/club/club-rules';
import { clubTerms } from '../../../lib/club/club-terms';
import { clubLocale } from '../../../lib/club/club-region';
import type { ClubDocument } from '../../../../domain/contract/club/club-documents';
import { pageHtml } from '../../../../domain/documents/markdown';
import { pageFilled, type PageDocumentTypes, type PageFacts, type PageKey } from '../../../../domain/documents/club-pages';
import type { SeasonsDocument } from '../../../../domain/schedule';

/** `seasons`: the schedule, when the editor has read it (`{start:…}` stays as typed until then). */
export function previewDocument<K extends PageKey>(key: K, body: PageDocumentTypes[K], seasons?: SeasonsDocument): ClubDocument<K> {
  // The facts a text names in braces, as this device last learned them from the club's settings.
  const club = clubIdentity();
  const facts: PageFacts = { clubName: club.name, contactEmail: club.contactEmail, rules: clubRules(), terms: clubTerms(), locale: clubLocale(), ...(seasons && { seasons }) };
  const html = pageHtml(key, body, facts);
  const filled = pageFilled(key, body, facts);
  return { key, version: 0, body, html, filled, publishedAt: null, publishedBy: null, note: null, minor: false } as ClubDocument<K>;
}
