import { Link } from 'react-router-dom';
import { RequireRole } from '../../../components/require-role';
import { SectionBoundary } from '../../../lib/ui/section-boundary';
import { Loading } from '../../../components/status';
import { usePageTitle } from '../../../lib/ui/use-page-title';
import { PagesTab } from './pages-tab';
import '../admin.css';

/**
 * /admin/pages: the page editors on a screen of their own, for execs (administrators have them as a
 * tab of the admin area too). Whether an exec may publish is the server's to say: without an
 * administrator's leave the editor shows its refusal.
 */
export function PagesScreen() {
  usePageTitle('Pages');
  return (
    <RequireRole min="exec" denied={<Denied />}>
      <div className="page admin-page">
        <h1>Pages</h1>
        <SectionBoundary what="the page editor" fallback={<Loading text="Loading the page editor…" />}>
          <PagesTab />
        </SectionBoundary>
      </div>
    </RequireRole>
  );
}

function Denied() {
  return (
    <div className="page page--narrow">
      <h1>Access Denied</h1>
      <div className="alert alert--error" role="alert">
        The club's pages are edited by administrators, and by execs when an administrator allows it.
      </div>
      <p>
        <Link to="/">Back to Home</Link>
      </p>
    </div>
  );
}
