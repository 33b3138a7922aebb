import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ClubDocumentTypes } from '../../../../domain/documents/club-documents';
import type { PageDocumentTypes, PageKey } from '../../../../domain/documents/club-pages';
import type { ClubDocument } from '../../../../domain/contract/club/club-documents';
import { ErrorMessage, LoadError, Loading, Notice } from '../../../components/status';
import { VersionList } from '../common/version-list';
import { errorMessage } from '../../../lib/data/api-client';
import { ApiError } from '../../../lib/data/api-error';
import { DISCARD_QUESTION, useUnsavedChanges } from '../../../lib/forms/unsaved-changes';
import { useDocumentVersions } from '../../../lib/documents/club-documents';
import { useClubDocument } from '../../../lib/documents/page-documents';
import { useSession } from '../../../lib/session/session';
import { CharterView } from '../../../parts/charter-text';
import { MarkdownHtml } from '../../../components/markdown-html';
import { FaqList, GearContent, JoinSections, ResourcesContent } from '../../../components/page-views';
import { CharterFields, WaiverFields, FaqFields, GearFields, HomeFields, HomePreview, JoinFields, ResourcesFields, type FieldsProps } from './page-editors';
import { PagesPermission } from './pages-permission';
import { previewDocument } from './preview';
import { useDocumentEditor } from '../common/use-document-editor';
import './pages.css';

interface PageEntry<K extends PageKey> {
  key: K;
  label: string;
  path: string;
  Fields: (props: FieldsProps<PageDocumentTypes[K]>) => ReactNode;
  View: (props: { document: ClubDocument<K> }) => ReactNode;
}

const PAGES: { [K in PageKey]: PageEntry<K> } = {
  'home-page': { key: 'home-page', label: 'Home', path: '/', Fields: HomeFields, View: HomePreview },
  'join-page': {
    key: 'join-page',
    label: 'Join Us',
    path: '/join-us',
    Fields: JoinFields,
    View: ({ document }) => (
      <div className="join">
        <p className="lead">{document.body.intro}</p>
        <JoinSections document={document} />
      </div>
    ),
  },
  'faq-page': { key: 'faq-page', label: 'FAQ', path: '/faq', Fields: FaqFields, View: ({ document }) => <FaqList document={document} open /> },
  charter: { key: 'charter', label: 'Charter', path: '/join-us#charter', Fields: CharterFields, View: CharterView },
  waiver: {
    key: 'waiver',
    label: 'Waiver',
    path: '/profile',
    Fields: WaiverFields,
    View: ({ document }) => <MarkdownHtml className="charter-text" html={document.html?.text ?? ''} />,
  },
  'resources-page': { key: 'resources-page', label: 'Resources', path: '/resources', Fields: ResourcesFields, View: ResourcesContent },
  'gear-page': { key: 'gear-page', label: 'Team Gear', path: '/team-gear', Fields: GearFields, View: GearContent },
};
const ORDER: PageKey[] = ['home-page', 'join-page', 'faq-page', 'resources-page', 'gear-page', 'charter', 'waiver'];

/**
 * Admin → Pages: the texts of the club's public pages, each edited, previewed and published as a new
 * version, with its history. Administrators always; execs when an administrator allows it (the
 * server refuses them otherwise, and this says so).
 */
export function PagesTab() {
  const { user } = useSession();
  const [page, setPage] = useState<PageKey>(ORDER[0]!);
  const [dirty, setDirty] = useState(false);
  return (
    <div className="pages-tab">
      {user?.role === 'administrator' && <PagesPermission />}
      <div className="field pages-tab__picker">
        <label htmlFor="pages-tab-page">Page</label>
        <select
          id="pages-tab-page"
          value={page}
          onChange={(e) => {
            if (dirty && !window.confirm(DISCARD_QUESTION)) return;
            setDirty(false);
            setPage(e.target.value as PageKey);
          }}
        >
          {ORDER.map((key) => (
            <option key={key} value={key}>
              {PAGES[key].label}
            </option>
          ))}
        </select>
      </div>
      <PageEditor key={page} entry={PAGES[page] as PageEntry<PageKey>} onDirty={setDirty} />
    </div>
  );
}

function PageEditor<K extends PageKey>({ entry, onDirty }: { entry: PageEntry<K>; onDirty: (dirty: boolean) => void }) {
  const editor = useDocumentEditor(entry.key, { what: `${entry.label} page` });
  const versions = useDocumentVersions(entry.key);
  // The schedule, for the preview of a text naming one of its sessions (`{start:…}`).
  const seasons = useClubDocument('seasons').data?.body;
  const [previewing, setPreviewing] = useState(false);
  const [note, setNote] = useState('');
  const [minor, setMinor] = useState(false);
  const [published, setPublished] = useState('');
  const form = useRef<HTMLFormElement>(null);
  useUnsavedChanges(editor.dirty, form);
  useEffect(() => onDirty(editor.dirty), [editor.dirty, onDirty]);

  if (versions.error instanceof ApiError && versions.error.status === 403) {
    return (
      <ErrorMessage>
        An administrator has not allowed execs to edit the pages. Ask one to tick “Execs may edit the pages” in Admin → Pages.
      </ErrorMessage>
    );
  }
  if (!editor.document || editor.draft === undefined) {
    return editor.loadError ? (
      <LoadError onRetry={editor.reload}>{errorMessage(editor.loadError, `Could not load the ${editor.what}.`)}</LoadError>
    ) : (
      <Loading text="Loading the page…" />
    );
  }
  const { Fields, View } = entry;
  const draft = editor.draft as PageDocumentTypes[K];
  const [problem] = editor.problems;

  return (
    <>
      <form
        ref={form}
        className="page-editor"
        aria-label={`${entry.label} page`}
        onSubmit={(e) => {
          e.preventDefault();
          setPublished('');
          const signed = entry.key === 'charter' || entry.key === 'waiver';
          const asksAgain = signed && !minor;
          void editor.publish(editor.draft as ClubDocumentTypes[K], { ...(note ? { note } : {}), ...(signed ? { minor } : {}) }).then((done) => {
            if (!done) return;
            setNote('');
            setMinor(false);
            setPreviewing(false);
            setPublished(
              signed
                ? asksAgain
                  ? entry.key === 'charter'
                    ? 'Published. Every member is asked to accept the new charter the next time they open the app.'
                    : 'Published. Every member is asked to sign the new waiver.'
                  : 'Published as a wording fix: nobody is asked to accept it again.'
                : `Published. The ${entry.label} page shows it now.`,
            );
          });
        }}
      >
        <p className="hint">
          Version {editor.document.version === 0 ? 'in force: the default text' : `${editor.document.version} in force`}.{' '}
          <a href={entry.path} target="_blank" rel="noreferrer">
            Open the {entry.label} page
          </a>
        </p>
        {editor.newer && (
          <div className="alert alert--warning page-editor__conflict" role="alert">
            <p>
              <strong>
                {editor.newer.publishedBy?.name ?? 'Someone'} published version {editor.newer.version} while you were editing.
              </strong>{' '}
              Your changes are still below. Here is their version:
            </p>
            <div className="page-editor__preview">
              <View document={editor.newer as ClubDocument<K>} />
            </div>
            <p className="page-editor__actions">
              <button type="button" className="button button--small" onClick={editor.keepMine}>
                Keep my changes
              </button>
              <button
                type="button"
                className="button button--small button--ghost"
                onClick={() => {
                  if (window.confirm(DISCARD_QUESTION)) editor.takeTheirs();
                }}
              >
                Use their version
              </button>
            </p>
          </div>
        )}
        {problem && !problem.path && <p className="field-error" role="alert">{problem.message}</p>}
        {problem?.path && (
          <p className="field-error" role="alert">
            Not published: {problem.message}.{previewing ? ' Go back to editing to correct it.' : ''}
          </p>
        )}
        {published && !editor.dirty && <Notice tone="success">{published}</Notice>}

        {previewing ? (
          <section className="page-editor__preview" aria-label="Preview">
            <p className="hint">Preview: the {entry.label} page as visitors will see it once published.</p>
            <View document={previewDocument(entry.key, draft, seasons)} />
          </section>
        ) : (
          <Fields value={draft} onChange={(next) => editor.setDraft(next as ClubDocumentTypes[K])} errorAt={editor.errorAt} />
        )}

        <div className="page-editor__publish">
          <div className="field">
            <label htmlFor={`page-note-${entry.key}`}>Note for the history (optional)</label>
            <input id={`page-note-${entry.key}`} type="text" value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
          </div>
          {(entry.key === 'charter' || entry.key === 'waiver') && (
            <label className="admin-checkbox">
              <input type="checkbox" checked={minor} onChange={(e) => setMinor(e.target.checked)} />
              <span>Wording fix, no new acceptance</span>
            </label>
          )}
          <div className="page-editor__actions">
            <button type="button" className="button button--ghost" aria-pressed={previewing} onClick={() => setPreviewing(!previewing)}>
              {previewing ? 'Back to editing' : 'Preview'}
            </button>
            <button type="submit" className="button" disabled={editor.publishing || (!editor.dirty && !editor.newer)}>
              {editor.publishing ? 'Publishing…' : 'Publish'}
            </button>
          </div>
        </div>
      </form>

      <section className="page-editor__history" aria-labelledby={`history-${entry.key}`}>
        <h2 id={`history-${entry.key}`}>History</h2>
        {versions.data ? (
          <VersionList
            versions={versions.data.versions as ClubDocument<K>[]}
            current={versions.data.current}
            restoring={editor.restoring}
            renderVersion={(version) => <View document={version} />}
            onRestore={(version) => {
              if (editor.dirty && !window.confirm(DISCARD_QUESTION)) return;
              setPublished('');
              void editor.restore(version).then((ok) => ok && setPublished(version === 0 ? 'The default text is in force again.' : `Version ${version} is in force again.`));
            }}
          />
        ) : versions.error ? (
          <LoadError onRetry={() => void versions.refetch()}>{errorMessage(versions.error, 'The history could not be loaded.')}</LoadError>
        ) : (
          <Loading text="Loading the history…" />
        )}
      </section>
    </>
  );
}
