import type { ClubDocument } from '../../domain/contract/club/club-documents';
import { useClubDocument } from '../lib/documents/page-documents';
import { MarkdownHtml } from '../components/markdown-html';
import { LoadError, Loading } from '../components/status';

// The club charter every member accepts: the club's `charter` document (domain/documents/club-pages.ts), edited
// in Admin → Pages, its Markdown rendered by the server. Shown in the charter modal and on Join Us,
// so it lives in the shared components.

/** The charter's text as a document holds it (the modal waits for it before counting the scroll). */
export function CharterView({ document }: { document: ClubDocument<'charter'> }) {
  return <MarkdownHtml className="charter-text" html={document.html?.text ?? ''} />;
}

/** The charter in force, read where it is shown. */
export function CharterText() {
  const { data, error, refetch } = useClubDocument('charter');
  if (data) return <CharterView document={data} />;
  if (error) return <LoadError onRetry={() => void refetch()}>The charter could not be loaded.</LoadError>;
  return <Loading text="Loading the charter…" />;
}
