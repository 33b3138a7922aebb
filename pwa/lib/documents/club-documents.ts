// The club's settings and texts (domain/documents/club-documents.ts) as their editors read and change them: a
// document's history, and a publish that hands a newer version back instead of overwriting it. With
// the data layer (TanStack Query): a screen that only reads a document reads it with page-documents.ts,
// which the editors read it with too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClubDocumentTypes, DocumentKey } from '../../../domain/documents/club-documents';
import type { ClubDocument, ClubDocumentVersionsAnswer } from '../../../domain/contract/club/club-documents';
import { call } from '../data/api-client';
import { ApiError } from '../data/api-error';
import { documentKeys } from './club-document-keys';
import { useRead } from '../data/read';

export function useDocumentVersions<K extends DocumentKey>(key: K) {
  return useRead({
    queryKey: documentKeys.versions(key),
    queryFn: ({ signal }) => call('GET /club/documents/:key/versions', { params: { key }, signal }) as Promise<ClubDocumentVersionsAnswer<K>>,
  });
}

/** The newer version a 409 carries: someone published while this editor was editing. */
export function newerVersion<K extends DocumentKey>(error: unknown): ClubDocument<K> | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const current = error.body.current as ClubDocument<K> | undefined;
  return current && typeof current.version === 'number' ? current : null;
}

/** A 409 asking before going ahead (`confirm: true`): publishing again with `confirm` goes ahead. */
export function asksToConfirm(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.body.confirm === true;
}

function usePublished<K extends DocumentKey, V>(key: K, write: (variables: V) => Promise<ClubDocument>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (document) => {
      queryClient.setQueryData(documentKeys.document(key), document);
      return queryClient.invalidateQueries({ queryKey: documentKeys.versions(key) });
    },
    onError: (error) => {
      // The newer text replaces the kept copy, so the screen can show it beside the editor's own.
      const current = newerVersion<K>(error);
      if (current) queryClient.setQueryData(documentKeys.document(key), current);
    },
  });
}

export interface PublishInput<K extends DocumentKey> {
  body: ClubDocumentTypes[K];
  /** The version the edit was made from. */
  version: number;
  note?: string;
  minor?: boolean;
  /** Go ahead with what a 409 carrying `confirm` asked about. */
  confirm?: boolean;
}

export function usePublishDocument<K extends DocumentKey>(key: K) {
  return usePublished(key, (input: PublishInput<K>) => call('PUT /club/documents/:key', { params: { key }, body: input }));
}

export function useRestoreDocument<K extends DocumentKey>(key: K) {
  return usePublished(key, ({ version, current }: { version: number; current: number }) =>
    call('POST /club/documents/:key/versions/:version/restore', { params: { key, version }, body: { version: current } }),
  );
}
