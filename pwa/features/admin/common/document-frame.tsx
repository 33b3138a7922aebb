// The one frame of a settings tab that edits a club document (useDocumentEditor): loading, a load
// error with a retry, the tab's own fields, the server's refusal, someone else's newer version with
// the choice it asks for, the Save button, the saved notice and a hint while something is unsaved.
// The tab keeps its fields and its own checks; what happens around a save is said here only.
import { useRef, type FormEvent, type ReactNode } from 'react';
import type { DocumentKey } from '../../../../domain/documents/club-documents';
import type { ClubDocument } from '../../../../domain/contract/club/club-documents';
import { ErrorMessage, LoadError, Loading, Notice } from '../../../components/status';
import { errorMessage } from '../../../lib/data/api-client';
import { useUnsavedChanges } from '../../../lib/forms/unsaved-changes';
import type { DocumentEditor } from './use-document-editor';
import './document-frame.css';

export interface DocumentFrameProps<K extends DocumentKey, F> {
  editor: DocumentEditor<K, F>;
  /** The loading line, e.g. 'Loading terms…'. */
  loading: string;
  /** What a failed read says when the server gives no words. */
  loadFailed: string;
  /** The Save button's name, as the tab has always called it. */
  saveLabel: string;
  /** The notice once saved; a function words it from the version just saved. */
  savedNotice: string | ((saved: ClubDocument<K>) => ReactNode);
  /** The tab's save: its own checks, then editor.publish(body). Also what "Keep mine and save" does. */
  onSave: () => unknown;
  /** A short account of the newer version someone else saved, shown beside the kept draft. */
  theirs: (newer: ClubDocument<K>) => ReactNode;
  /** The name of the newer version's panel. */
  newerLabel?: string;
  /** The refused fields the tab shows beside their control; any other refusal is shown above Save. */
  showsField?: (field: string) => boolean;
  /** Save waits for something to change. */
  requireChange?: boolean;
  /** Save waits for the tab (an upload under way). */
  busy?: boolean;
  /** Whether something is unsaved, when the tab knows better than the editor (a form library's own state). */
  dirty?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  children: (draft: F, origin: NonNullable<DocumentEditor<K, F>['origin']>) => ReactNode;
}

export function DocumentFrame<K extends DocumentKey, F>(props: DocumentFrameProps<K, F>) {
  const { editor, children } = props;
  const form = useRef<HTMLFormElement>(null);
  const dirty = props.dirty ?? editor.dirty;
  useUnsavedChanges(dirty || editor.newer !== null, form);

  if (editor.draft === undefined || !editor.origin) {
    return editor.loadError ? (
      <LoadError onRetry={editor.reload}>{errorMessage(editor.loadError, props.loadFailed)}</LoadError>
    ) : (
      <Loading text={props.loading} />
    );
  }

  const { newer, refused, saved } = editor;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!editor.publishing) void props.onSave();
  };
  const refusedHere = refused && !(refused.field && props.showsField?.(refused.field));

  return (
    <form
      ref={form}
      className={`document-frame ${props.className ?? ''}`.trim()}
      noValidate
      aria-label={props['aria-label']}
      aria-labelledby={props['aria-labelledby']}
      onSubmit={submit}
    >
      {children(editor.draft, editor.origin)}
      {newer && (
        <div className="document-frame__newer" role="region" aria-label={props.newerLabel ?? 'The newer version'}>
          <p role="alert">
            <strong>{newer.publishedBy?.name ?? 'Someone'} saved a newer version while you were editing.</strong> What you typed is
            kept.
          </p>
          <div className="document-frame__theirs">{props.theirs(newer)}</div>
          <div className="actions actions--start">
            <button type="submit" className="button button--small" disabled={editor.publishing || props.busy}>
              Keep mine and save
            </button>
            <button type="button" className="button button--small button--ghost" onClick={editor.takeTheirs}>
              Use theirs
            </button>
          </div>
        </div>
      )}
      {refusedHere && <ErrorMessage>{refused.message}</ErrorMessage>}
      {saved && !dirty && <Notice tone="success">{typeof props.savedNotice === 'function' ? props.savedNotice(saved) : props.savedNotice}</Notice>}
      <div className="document-frame__save">
        <button
          type="submit"
          className="button button--primary"
          disabled={editor.publishing || props.busy || (props.requireChange === true && !dirty && !newer)}
        >
          {editor.publishing ? 'Saving…' : props.saveLabel}
        </button>
        {dirty && !editor.publishing && <span className="hint">Not saved yet.</span>}
      </div>
    </form>
  );
}
