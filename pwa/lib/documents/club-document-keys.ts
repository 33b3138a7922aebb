// The query key of each club document, shared by the visitor's pages (which read a page's text) and
// the editors (which replace it after a publish), so an edit shows on the page at once.
import type { DocumentKey } from '../../../domain/documents/club-documents';

export const documentKeys = {
  all: ['club-documents'] as const,
  document: (key: DocumentKey) => [...documentKeys.all, key] as const,
  versions: (key: DocumentKey) => [...documentKeys.all, key, 'versions'] as const,
};
