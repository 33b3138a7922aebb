import { usePageTitle } from '../../lib/ui/use-page-title';
import { ClubEmailLink } from '../../components/club-email-link';
import { FaqList } from '../../components/page-views';
import { LoadError, Loading } from '../../components/status';
import { useClubDocument } from '../../lib/documents/page-documents';
import './public.css';

// The questions and answers are the club's `faq-page` document (domain/documents/club-pages.ts), edited in
// Admin → Pages; each answer arrives as HTML the server made from its Markdown.
export function FaqPage() {
  usePageTitle('FAQ');
  const { data, error, refetch } = useClubDocument('faq-page');
  return (
    <div className="page faq">
      <header className="page-intro">
        <h1>Frequently Asked Questions</h1>
        <p className="lead">
          Still wondering about something? Email us at <ClubEmailLink />.
        </p>
      </header>
      {data ? (
        <FaqList document={data} />
      ) : error ? (
        <LoadError onRetry={() => void refetch()}>The questions could not be loaded.</LoadError>
      ) : (
        <Loading text="Loading the questions…" />
      )}
    </div>
  );
}

