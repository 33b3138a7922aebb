// One club document being edited: the draft (what the editor typed, kept whatever the server says),
// the version it was made from, the publish with its check against a lost edit, and restore. Every
// editor of a club document goes through it, most of them inside DocumentFrame (document-frame.tsx).
import { useState } from 'react';
import type { ClubDocumentTypes, DocumentKey } from '../../../../domain/documents/club-documents';
import type { ClubDocument } from '../../../../domain/contract/club/club-documents';
import { errorMessage, type ApiError } from '../../../lib/data/api-client';
import { asksToConfirm, newerVersion, refusedField, useClubDocument, usePublishDocument, useRestoreDocument } from '../../../lib/data/club-documents';

type Body<K extends DocumentKey> = ClubDocumentTypes[K];

export interface PublishOptions {
  note?: string;
  minor?: boolean;
  /**
   * The server's question before a publish with consequences (a 409 with `confirm: true`, e.g. a
   * removed position someone holds): true publishes again with `confirm`, false leaves it unsent.
   */
  ask?: (question: ApiError) => Promise<boolean>;
}

export interface DocumentEditorOptions<K extends DocumentKey, F> {
  /** The form's own shape of a body (e.g. numbers as the text typed), when it is not the body itself. */
  toForm?: (body: Body<K>) => F;
  /** The refusal's words when the server gives none (offline, a crash). */
  failed?: string;
}

export interface DocumentEditor<K extends DocumentKey, F = Body<K>> {
  /** The newest version this device knows of. */
  document: ClubDocument<K> | undefined;
  /** The version the draft was made from (changes on a publish, "Use theirs" or a restore, never while typing). */
  origin: { body: Body<K>; version: number } | null;
  loadError: Error | null;
  reload: () => void;
  draft: F | undefined;
  setDraft: (next: F | ((current: F) => F)) => void;
  dirty: boolean;
  /** The newer version someone published while this draft was edited (a 409), until the editor chooses. */
  newer: ClubDocument<K> | null;
  /** Keep the draft, to be published over the newer version (the editor has seen it). */
  keepMine: () => void;
  /** Replace the draft with the newer version. */
  takeTheirs: () => void;
  /**
   * Publish `body` (the draft as the document holds it). With a newer version on screen it is
   * published over that one: the editor saw it and chose to save. Null when not published.
   */
  publish: (body: Body<K>, options?: PublishOptions) => Promise<ClubDocument<K> | null>;
  publishing: boolean;
  /** The refusal of the last publish: the field it names (dotted path) and its message. */
  refused: { field: string | null; message: string } | null;
  /** The version the last publish made, until the draft changes again. */
  saved: ClubDocument<K> | null;
  restore: (version: number) => Promise<boolean>;
  restoring: number | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function useDocumentEditor<K extends DocumentKey, F = Body<K>>(key: K, options: DocumentEditorOptions<K, F> = {}): DocumentEditor<K, F> {
  const toForm = options.toForm ?? ((body: Body<K>) => body as unknown as F);
  const read = useClubDocument(key);
  const publishing = usePublishDocument(key);
  const restoring = useRestoreDocument(key);
  // The text the draft started from and its version, pinned once the editor typed or published; the draft once typed.
  const [start, setStart] = useState<{ body: Body<K>; version: number } | null>(null);
  const [typed, setTyped] = useState<F | undefined>(undefined);
  const [newer, setNewer] = useState<ClubDocument<K> | null>(null);
  const [refused, setRefused] = useState<DocumentEditor<K, F>['refused']>(null);
  const [saved, setSaved] = useState<ClubDocument<K> | null>(null);
  const [restoringVersion, setRestoringVersion] = useState<number | null>(null);

  const loaded = read.data as ClubDocument<K> | undefined;
  // Until the editor types, the draft follows the newest read; after, a later read never replaces it.
  const origin = start ?? (loaded ? { body: loaded.body, version: loaded.version } : null);
  const draft = typed ?? (origin ? toForm(origin.body) : undefined);
  const dirty = typed !== undefined && origin !== null && !same(typed, toForm(origin.body));

  const settle = (document: ClubDocument<K>, published: boolean) => {
    setStart({ body: document.body, version: document.version });
    setTyped(undefined);
    setNewer(null);
    setRefused(null);
    setSaved(published ? document : null);
  };

  const refuse = (error: unknown, fallback: string) => {
    setRefused({ field: refusedField(error), message: errorMessage(error, fallback) });
  };

  return {
    document: loaded,
    origin,
    loadError: read.error,
    reload: () => void read.refetch(),
    draft,
    setDraft: (next) => {
      if (!origin) return;
      if (!start) setStart(origin);
      setTyped((current) => (typeof next === 'function' ? (next as (current: F) => F)(current ?? toForm(origin.body)) : next));
      setRefused(null);
      setSaved(null);
    },
    dirty,
    newer,
    keepMine: () => {
      if (!newer || draft === undefined) return;
      setStart({ body: newer.body, version: newer.version });
      setTyped(draft);
      setNewer(null);
    },
    takeTheirs: () => newer && settle(newer, false),
    publish: async (body, { ask, ...extra } = {}) => {
      if (!origin || draft === undefined) return null;
      setRefused(null);
      setSaved(null);
      const version = newer?.version ?? origin.version;
      const attempt = async (confirm: boolean): Promise<ClubDocument<K> | null> => {
        try {
          const published = (await publishing.mutateAsync({ body, version, ...extra, ...(confirm && { confirm: true }) })) as ClubDocument<K>;
          settle(published, true);
          return published;
        } catch (error) {
          if (!confirm && ask && asksToConfirm(error)) return (await ask(error)) ? attempt(true) : null;
          const current = newerVersion<K>(error);
          if (current) {
            // Keep what was typed: the draft stays, the newer version is shown beside it.
            if (!start) setStart(origin);
            if (typed === undefined) setTyped(draft);
            setNewer(current);
          } else refuse(error, options.failed ?? 'Not saved. Try again.');
          return null;
        }
      };
      return attempt(false);
    },
    publishing: publishing.isPending,
    refused,
    saved,
    restore: async (version) => {
      if (!origin) return false;
      setRestoringVersion(version);
      setRefused(null);
      try {
        settle((await restoring.mutateAsync({ version, current: origin.version })) as ClubDocument<K>, false);
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
