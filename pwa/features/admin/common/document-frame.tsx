// The one frame of a settings tab that edits a club document (useDocumentEditor): loading, a load
// error with a retry, the tab's own fields, the problems the document's schema or the server found,
// someone else's newer version with the choice it asks for, the Save button, the saved notice and a
// hint while something is unsaved. The tab keeps its fields and shows each field's own problem beside
// it (editor.errorAt); what happens around a save is said here only.
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import type { DocumentKey } from '../../../../domain/documents/club-documents';
import type { ClubDocument } from '../../../../domain/contract/club/club-documents';
import { ErrorMessage, LoadError, Loading, Notice } from '../../../components/status';
import { errorMessage } from '../../../lib/data/api-client';
import { useUnsavedChanges } from '../../../lib/forms/unsaved-changes';
import type { DocumentEditor } from './use-document-editor';
import './document-frame.css';

export interface DocumentFrameProps<K extends DocumentKey, F> {
  editor: DocumentEditor<K, F>;
  /** The Save button's name, as the tab has always called it. */
  saveLabel?: string;
  /** The notice once saved; a function words it from the version just saved. */
  savedNotice: string | ((saved: ClubDocument<K>) => ReactNode);
  /** The tab's save, when it is more than editor.save() (a question to ask, rows to sort). Also what "Keep mine and save" does. */
  onSave?: () => unknown;
  /** A sentence on the newer version someone else saved, shown beside the kept draft. */
  theirs: (newer: ClubDocument<K>) => ReactNode;
  /** The problems (by their path) the tab shows beside a control; any other is shown above Save. */
  showsField?: (path: string) => boolean;
  /** Save waits for something to change. */
  requireChange?: boolean;
  /** Save waits for the tab (an upload under way). */
  busy?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  children: (draft: F, origin: NonNullable<DocumentEditor<K, F>['origin']>) => ReactNode;
}

export function DocumentFrame<K extends DocumentKey, F>(props: DocumentFrameProps<K, F>) {
  const { editor, children } = props;
  const form = useRef<HTMLFormElement>(null);
  useUnsavedChanges(editor.dirty || editor.newer !== null, form);
  const { problems } = editor;
  // As a contract form does: the first field a check or a refusal marks takes the focus, its message read with it.
  useEffect(() => {
    if (problems.length > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problems]);

  if (editor.draft === undefined || !editor.origin) {
    return editor.loadError ? (
      <LoadError onRetry={editor.reload}>{errorMessage(editor.loadError, `Could not load the ${editor.what}.`)}</LoadError>
    ) : (
      <Loading text={`Loading the ${editor.what}…`} />
    );
  }

  const { newer, saved, dirty } = editor;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!editor.publishing) void (props.onSave ? props.onSave() : editor.save());
  };
  const elsewhere = problems.filter((p) => !(p.path && props.showsField?.(p.path)));

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
        <div className="document-frame__newer" role="region" aria-label={`The newer ${editor.what}`}>
          <p role="alert">
            <strong>{newer.publishedBy?.name ?? 'Someone'} saved a newer version while you were editing.</strong> What you typed is
            kept.
          </p>
          <p className="document-frame__theirs">{props.theirs(newer)}</p>
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
      {elsewhere.length > 0 && <ErrorMessage>{elsewhere[0]!.message}</ErrorMessage>}
      {saved && !dirty && <Notice tone="success">{typeof props.savedNotice === 'function' ? props.savedNotice(saved) : props.savedNotice}</Notice>}
      <div className="document-frame__save">
        <button
          type="submit"
          className="button button--primary"
          disabled={editor.publishing || props.busy || (props.requireChange === true && !dirty && !newer)}
        >
          {editor.publishing ? 'Saving…' : (props.saveLabel ?? 'Save')}
        </button>
        {dirty && !editor.publishing && <span className="hint">Not saved yet.</span>}
      </div>
    </form>
  );
}
