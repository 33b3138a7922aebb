// One club document being edited: the draft (what the editor typed, kept whatever the server says),
// the version it was made from, the check with the contract's schema of the document, the publish
// with its check against a lost edit, and restore. Every editor of a club document goes through it,
// most of them inside DocumentFrame (document-frame.tsx). What is wrong is one list of problems, each
// on the dotted path of its field: what the schema found before sending, or what the server refused.
import { useState } from 'react';
import type { ClubDocumentTypes, DocumentKey } from '../../../../domain/documents/club-documents';
import type { ClubDocument } from '../../../../domain/contract/club/club-documents';
import { DOCUMENT_SCHEMAS } from '../../../../domain/contract/club/club-documents-schemas';
import { errorMessage, fieldRefusal } from '../../../lib/data/api-client';
import type { ApiError } from '../../../lib/data/api-error';
import { asksToConfirm, newerVersion, usePublishDocument, useRestoreDocument } from '../../../lib/documents/club-documents';
import { useClubDocument } from '../../../lib/documents/page-documents';
import { checkWith, problemAt, problemIn, type Checked, type FieldProblem } from '../../../lib/forms/problems';

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
  /** What the document is, in the frame's words: 'race points' gives 'Loading the race points…'. */
  what: string;
  /** The form's own shape of a body (e.g. numbers as the text typed), when it is not the body itself. */
  toForm?: (body: Body<K>) => F;
  /** The body a save sends, made from the form's shape; the draft itself when the form is the body. */
  toBody?: (form: F) => Body<K>;
  /** What follows a publish on this device at once (its clock, its words); the others learn it from /api/config. */
  onPublished?: (saved: ClubDocument<K>) => void;
}

export interface DocumentEditor<K extends DocumentKey, F = Body<K>> {
  /** What the document is ('race points'), for the words around its form. */
  what: string;
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
  /** Checks `body` with the document's schema; what it finds is shown (`problems`) until the draft changes. */
  check: (body: Body<K>) => Checked<Body<K>>;
  /** Whether `body` would pass the check, without showing anything: the body as the schema reads it, or null. */
  valid: (body: Body<K>) => Body<K> | null;
  /**
   * Checks `body`, then publishes it as the schema reads it. With a newer version on screen it is
   * published over that one: the editor saw it and chose to save. Null when not published.
   */
  publish: (body: Body<K>, options?: PublishOptions) => Promise<ClubDocument<K> | null>;
  /** Publishes the draft, made a body by `toBody`. */
  save: (options?: PublishOptions) => Promise<ClubDocument<K> | null>;
  publishing: boolean;
  /** What stops the draft: the schema's problems, or the server's refusal (on the field it names, else on ''). */
  problems: readonly FieldProblem[];
  /** The first problem of the field at `path`. */
  errorAt: (path: string) => string | undefined;
  /** The first problem of the field at `path` or inside it: a field that edits a whole list or row. */
  errorIn: (path: string) => string | undefined;
  /** The version the last publish made, until the draft changes again. */
  saved: ClubDocument<K> | null;
  restore: (version: number) => Promise<boolean>;
  restoring: number | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const NONE: readonly FieldProblem[] = [];

export function useDocumentEditor<K extends DocumentKey, F = Body<K>>(key: K, options: DocumentEditorOptions<K, F>): DocumentEditor<K, F> {
  const toForm = options.toForm ?? ((body: Body<K>) => body as unknown as F);
  const toBody = options.toBody ?? ((form: F) => form as unknown as Body<K>);
  const schema = DOCUMENT_SCHEMAS[key] as unknown as Parameters<typeof checkWith<Body<K>>>[0];
  const read = useClubDocument(key);
  const publishing = usePublishDocument(key);
  const restoring = useRestoreDocument(key);
  // The text the draft started from and its version, pinned once the editor typed or published; the draft once typed.
  const [start, setStart] = useState<{ body: Body<K>; version: number } | null>(null);
  const [typed, setTyped] = useState<F | undefined>(undefined);
  const [newer, setNewer] = useState<ClubDocument<K> | null>(null);
  const [problems, setProblems] = useState<readonly FieldProblem[]>(NONE);
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
    setProblems(NONE);
    setSaved(published ? document : null);
  };

  const refuse = (error: unknown, fallback: string) => {
    const refusal = fieldRefusal(error);
    setProblems([refusal ? { path: refusal.field, message: refusal.message } : { path: '', message: errorMessage(error, fallback) }]);
  };

  const check = (body: Body<K>): Checked<Body<K>> => {
    const checked = checkWith(schema, body);
    setProblems(checked.problems ?? NONE);
    return checked;
  };

  const publish: DocumentEditor<K, F>['publish'] = async (body, { ask, ...extra } = {}) => {
    if (!origin || draft === undefined) return null;
    setSaved(null);
    const checked = check(body);
    if (checked.problems) return null;
    const version = newer?.version ?? origin.version;
    const attempt = async (confirm: boolean): Promise<ClubDocument<K> | null> => {
      try {
        const published = (await publishing.mutateAsync({ body: checked.value, version, ...extra, ...(confirm && { confirm: true }) })) as ClubDocument<K>;
        settle(published, true);
        options.onPublished?.(published);
        return published;
      } catch (error) {
        if (!confirm && ask && asksToConfirm(error)) return (await ask(error)) ? attempt(true) : null;
        const current = newerVersion<K>(error);
        if (current) {
          // Keep what was typed: the draft stays, the newer version is shown beside it.
          if (!start) setStart(origin);
          if (typed === undefined) setTyped(draft);
          setNewer(current);
        } else refuse(error, `Could not save the ${options.what}. Try again.`);
        return null;
      }
    };
    return attempt(false);
  };

  return {
    what: options.what,
    document: loaded,
    origin,
    loadError: read.error,
    reload: () => void read.refetch(),
    draft,
    setDraft: (next) => {
      if (!origin) return;
      if (!start) setStart(origin);
      setTyped((current) => (typeof next === 'function' ? (next as (current: F) => F)(current ?? toForm(origin.body)) : next));
      setProblems(NONE);
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
    check,
    valid: (body) => checkWith(schema, body).value ?? null,
    publish,
    save: (publishOptions) => (draft === undefined ? Promise.resolve(null) : publish(toBody(draft), publishOptions)),
    publishing: publishing.isPending,
    problems,
    errorAt: (path) => problemAt(problems, path),
    errorIn: (path) => problemIn(problems, path),
    saved,
    restore: async (version) => {
      if (!origin) return false;
      setRestoringVersion(version);
      setProblems(NONE);
      try {
        settle((await restoring.mutateAsync({ version, current: origin.version })) as ClubDocument<K>, false);
        return true;
      } catch (error) {
        const current = newerVersion<K>(error);
        if (current) setNewer(current);
        else setProblems([{ path: '', message: errorMessage(error, 'That version could not be restored. Try again.') }]);
        return false;
      } finally {
        setRestoringVersion(null);
      }
    },
    restoring: restoringVersion,
  };
}
