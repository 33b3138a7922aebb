import { Link } from 'react-router-dom';
import { MarkdownHtml } from '../../components/markdown-html';
import { LoadError, Loading } from '../../components/status';
import { usePageDocument } from '../../lib/data/page-documents';
import { usePageTitle } from '../../lib/ui/use-page-title';
import './public.css';

// Resources and Team Gear: the club's `resources-page` and `gear-page` documents (domain/club-pages.ts),
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
  const { data, error, refetch } = usePageDocument('resources-page');
  return (
    <div className="page page--narrow placeholder">
      <h1>Resources</h1>
      {data ? (
        data.body.links.length === 0 ? (
          <p className="lead">{data.body.placeholder}</p>
        ) : (
          <ul className="resource-links">
            {data.body.links.map((link, index) => (
              <li key={index}>
                <a href={link.url}>{link.title}</a>
              </li>
            ))}
          </ul>
        )
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
  const { data, error, refetch } = usePageDocument('gear-page');
  return (
    <div className="page page--narrow placeholder">
      <h1>Team Gear</h1>
      {data ? (
        data.body.items.length === 0 ? (
          <p className="lead">{data.body.placeholder}</p>
        ) : (
          <ul className="gear-items">
            {data.body.items.map((item, index) => (
              <li key={index} className="card">
                <h2>{item.name}</h2>
                <MarkdownHtml html={data.html?.[`items.${index}.description`] ?? ''} />
              </li>
            ))}
          </ul>
        )
      ) : error ? (
        <LoadError onRetry={() => void refetch()}>The team gear could not be loaded.</LoadError>
      ) : (
        <Loading text="Loading the team gear…" />
      )}
      <BackHome />
    </div>
  );
}
