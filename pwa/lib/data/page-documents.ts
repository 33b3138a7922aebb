// A public page's text as its reading page gets it: the document in force with its Markdown already
// rendered by the server (`html`), so a visitor's page never loads the Markdown library. A page the
// server rendered comes with it (app/page-data.ts); a device offline keeps the last copy it read.
import type { PageKey } from '../../../domain/club-pages';
import type { ClubDocument } from '../../../domain/contract/club-documents';
import { call } from './api-client';
import { documentKeys } from './club-document-keys';
import { useRead } from './read';

export function usePageDocument<K extends PageKey>(key: K) {
  return useRead({
    queryKey: documentKeys.document(key),
    queryFn: ({ signal }) => call('GET /club/documents/:key', { params: { key }, signal }) as Promise<ClubDocument<K>>,
  });
}
