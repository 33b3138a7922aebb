// One club document being edited: the draft (what the editor typed, kept whatever the server says),
// the version it was made from, the publish with its check against a lost edit, and restore.
import { useState } from 'react';
import type { ClubDocumentTypes, DocumentKey } from '../../../../domain/club-documents';
import type { ClubDocument } from '../../../../domain/contract/club-documents';
import { errorMessage } from '../../../lib/data/api-client';
import {
  newerVersion,
  refusedField,
  useClubDocument,
  useDocumentVersions,
  usePublishDocument,
  useRestoreDocument,
} from '../../../lib/data/club-documents';

export interface DocumentEditor<K extends DocumentKey> {
  document: ClubDocument<K> | undefined;
  loadError: Error | null;
  reload: () => void;
  draft: ClubDocumentTypes[K] | undefined;
  setDraft: (next: ClubDocumentTypes[K]) => void;
  dirty: boolean;
  /** The newer version someone published while this draft was edited (a 409), until the editor chooses. */
  newer: ClubDocument<K> | null;
  /** Publish the draft over the newer version (the editor has seen it). */
  keepMine: () => void;
  /** Replace the draft with the newer version. */
  takeTheirs: () => void;
  publish: (extra?: { note?: string; minor?: boolean }) => Promise<boolean>;
  publishing: boolean;
  /** The refusal of the last publish: the field it names (dotted path) and its message. */
  refused: { field: string | null; message: string } | null;
  versions: ReturnType<typeof useDocumentVersions<K>>;
  restore: (version: number) => Promise<boolean>;
  restoring: number | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function useDocumentEditor<K extends DocumentKey>(key: K): DocumentEditor<K> {
  const read = useClubDocument(key);
  const versions = useDocumentVersions(key);
  const publishing = usePublishDocument(key);
  const restoring = useRestoreDocument(key);
  // The text the draft started from and its version; the draft itself once the editor typed.
  const [start, setStart] = useState<{ body: ClubDocumentTypes[K]; version: number } | null>(null);
  const [typed, setTyped] = useState<ClubDocumentTypes[K] | undefined>(undefined);
  const [newer, setNewer] = useState<ClubDocument<K> | null>(null);
  const [refused, setRefused] = useState<DocumentEditor<K>['refused']>(null);
  const [restoringVersion, setRestoringVersion] = useState<number | null>(null);

  const loaded = read.data as ClubDocument<K> | undefined;
  // The draft starts from the first text read; a later read (a publish elsewhere) never replaces it.
  const base = start ?? (loaded ? { body: loaded.body, version: loaded.version } : null);
  const draft = typed ?? base?.body;
  const dirty = typed !== undefined && base !== null && !same(typed, base.body);

  const settle = (document: ClubDocument<K>) => {
    setStart({ body: document.body, version: document.version });
    setTyped(undefined);
    setNewer(null);
    setRefused(null);
  };

  return {
    document: loaded,
    loadError: read.error,
    reload: () => void read.refetch(),
    draft,
    setDraft: (next) => {
      if (!start && base) setStart(base);
      setTyped(next);
    },
    dirty,
    newer,
    keepMine: () => {
      if (!newer || draft === undefined) return;
      setStart({ body: newer.body, version: newer.version });
      setTyped(draft);
      setNewer(null);
    },
    takeTheirs: () => newer && settle(newer),
    publish: async (extra = {}) => {
      if (!base || draft === undefined) return false;
      setRefused(null);
      try {
        const published = (await publishing.mutateAsync({ body: draft, version: base.version, ...extra })) as ClubDocument<K>;
        settle(published);
        return true;
      } catch (error) {
        const current = newerVersion<K>(error);
        if (current) {
          // Keep what was typed: the draft stays, the newer text is shown beside it.
          if (!start) setStart(base);
          if (typed === undefined) setTyped(draft);
          setNewer(current);
        } else {
          setRefused({ field: refusedField(error), message: errorMessage(error, 'The page could not be published. Try again.') });
        }
        return false;
      }
    },
    publishing: publishing.isPending,
    refused,
    versions,
    restore: async (version) => {
      if (!base) return false;
      setRestoringVersion(version);
      setRefused(null);
      try {
        settle((await restoring.mutateAsync({ version, current: base.version })) as ClubDocument<K>);
        return true;
      } catch (error) {
        const current = newerVersion<K>(error);
        if (current) setNewer(current);
        else setRefused({ field: null, message: errorMessage(error, 'That version could not be restored. Try again.') });
        return false;
      } finally {
        setRestoringVersion(null);
      }
    },
    restoring: restoringVersion,
  };
}
