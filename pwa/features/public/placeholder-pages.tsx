import { Link } from 'react-router-dom';
import { usePageTitle } from '../../lib/ui/use-page-title';
import './public.css';

export const RESOURCES_TEXT = 'Training plans, guides, and helpful links will appear here.';
export const TEAM_GEAR_TEXT = 'Club-branded kits and merchandise. Coming soon!';

function Placeholder({ title, text }: { title: string; text: string }) {
  usePageTitle(title);
  return (
    <div className="page page--narrow placeholder">
      <h1>{title}</h1>
      <p className="lead">{text}</p>
      <p>
        <Link to="/" className="button">
          Back to Home
        </Link>
      </p>
    </div>
  );
}

export function ResourcesPage() {
  return <Placeholder title="Resources" text={RESOURCES_TEXT} />;
}

export function TeamGearPage() {
  return <Placeholder title="Team Gear" text={TEAM_GEAR_TEXT} />;
}
