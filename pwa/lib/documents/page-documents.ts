// A club document as a screen reads it: the document in force, a page's text with its Markdown already
// rendered by the server (`html`), so a visitor's page never loads the Markdown library. A page the
// server rendered comes with it (app/page-data.ts); a device offline keeps the last copy it read.
// Reading only: the editors' publish and restore are in club-documents.ts, with the data layer.
import type { DocumentKey } from '../../../domain/documents/club-documents';
import type { ClubDocument } from '../../../domain/contract/club/club-documents';
import { documentKeys } from './club-document-keys';
import { useRead } from '../data/read';

export function useClubDocument<K extends DocumentKey>(key: K) {
  return useRead({
    queryKey: documentKeys.document(key),
    // A page usually comes with its documents (app/page-data.ts): the client that reads them again loads
    // with the first read, not with the page.
    queryFn: async ({ signal }) => {
      const { call } = await import('../data/api-client');
      return call('GET /club/documents/:key', { params: { key }, signal }) as Promise<ClubDocument<K>>;
    },
  });
}

/** The service worker's cache of public answers (vite.config.ts, runtimeCaching `public-api`). */
const PUBLIC_API_CACHE = 'public-api';
/** The documents a public page is drawn from: the pages' texts, and the schedule's seasons. */
const PAGE_KEYS: DocumentKey[] = ['home-page', 'join-page', 'faq-page', 'resources-page', 'gear-page', 'charter', 'seasons'];
const documentUrl = (key: string) => `/api/club/documents/${key}`;

/**
 * A server-rendered page came with its documents (app/page-data.ts): they are the newest copy this
 * device has, so they go where the service worker looks when the device is offline.
 */
export function keepPageDocuments(reads: [queryKey: unknown[], data: unknown][]): void {
  if (typeof caches === 'undefined') return;
  const kept = reads.filter(([key]) => key[0] === documentKeys.all[0] && PAGE_KEYS.includes(key[1] as DocumentKey));
  if (kept.length === 0) return;
  void caches
    .open(PUBLIC_API_CACHE)
    .then((cache) =>
      Promise.all(
        kept.map(([key, data]) =>
          cache.put(new URL(documentUrl(String(key[1])), location.origin).href, new Response(JSON.stringify(data), { headers: { 'content-type': 'application/json' } })),
        ),
      ),
    )
    .catch(() => undefined);
}

/**
 * On a first visit the page's texts came with the HTML, before a service worker was there: once one
 * takes charge, read them once through it, so every public page reads offline.
 */
export function loadPageDocumentsWhenControlled(): void {
  const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!worker || worker.controller) return;
  worker.addEventListener(
    'controllerchange',
    () => {
      for (const key of PAGE_KEYS) void fetch(documentUrl(key), { headers: { accept: 'application/json' } }).catch(() => undefined);
    },
    { once: true },
  );
}
