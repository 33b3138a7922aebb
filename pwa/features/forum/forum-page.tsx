import { RequireRole } from '../../components/require-role';
import { usePageTitle } from '../../lib/use-page-title';

/** /forum: any signed-in user; content for members and above, the membership notice for the rest. */
export function ForumPage() {
  usePageTitle('Forum');
  return (
    <div className="page">
      <h1>Team Forum</h1>
      <RequireRole min="member">
        <p>Workouts and events are coming soon.</p>
      </RequireRole>
    </div>
  );
}
