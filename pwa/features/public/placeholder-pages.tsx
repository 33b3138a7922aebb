import { Link } from 'react-router-dom';
import { GearContent, ResourcesContent } from '../../components/page-views';
import { LoadError, Loading } from '../../components/status';
import { useClubDocument } from '../../lib/documents/page-documents';
import { usePageTitle } from '../../lib/ui/use-page-title';
import './public.css';

// Resources and Team Gear: the club's `resources-page` and `gear-page` documents (domain/documents/club-pages.ts),
// edited in Admin → Pages; while a page has nothing in it, its one line says what will come.

function BackHome() {
  return (
    <p>
      <Link to="/" className="button">
        Back to Home
      </Link>
    </p>
  );
}

export function ResourcesPage() {
  usePageTitle('Resources');
  const { data, error, refetch } = useClubDocument('resources-page');
  return (
    <div className="page page--narrow placeholder">
      <h1>Resources</h1>
      {data ? (
        <ResourcesContent document={data} />
      ) : error ? (
        <LoadError onRetry={() => void refetch()}>The resources could not be loaded.</LoadError>
      ) : (
        <Loading text="Loading the resources…" />
      )}
      <BackHome />
    </div>
  );
}

export function TeamGearPage() {
  usePageTitle('Team Gear');
  const { data, error, refetch } = useClubDocument('gear-page');
  return (
    <div className="page page--narrow placeholder">
      <h1>Team Gear</h1>
      {data ? (
        <GearContent document={data} />
      ) : error ? (
        <LoadError onRetry={() => void refetch()}>The team gear could not be loaded.</LoadError>
      ) : (
        <Loading text="Loading the team gear…" />
      )}
      <BackHome />
    </div>
  );
}

