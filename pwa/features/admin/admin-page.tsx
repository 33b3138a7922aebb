import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { AdminMember } from '../../../domain/contract/members/admin';
import { ROLE_LABELS } from '../../../domain/contract/roles';
import { RequireRole } from '../../components/require-role';
import { LoadError, Loading, Notice } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { useSession } from '../../lib/session/session';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { useMembersQuery } from './api/admin-queries';
import { ApproveMemberModal } from './approve-member-modal';
import { EditMemberModal } from './edit-member-modal';
import { MessagesTab } from './messages-tab';
import { RacePointsTab } from './races/race-points-tab';
import { MembersTable } from './members-table';
import { DownloadButton } from '../../components/download-button';
import { PendingList } from './pending-list';
import { ImportTab } from './import-tab';
import { RenewalsTab } from './renewals-tab';
import { TermsTab } from './calendar/terms-tab';
import { SportsTab } from './sports/sports-tab';
import { DISCARD_QUESTION, hasUnsavedChanges } from '../../lib/forms/unsaved-changes';
import { ScheduleTab } from './calendar/schedule-tab';
import { TeamPositionsTab } from './calendar/team-positions-tab';
import { RulesTab } from './rules/rules-tab';
import { ClubTab } from './club/club-tab';
import { lazyNamed } from '../../lib/ui/lazy-named';

// The page editors bring the Markdown renderer (for the preview): loaded when the tab opens.
const PagesTab = lazyNamed(() => import('./pages/pages-tab'), 'PagesTab');
import './admin.css';
import { SectionBoundary } from '../../lib/ui/section-boundary';

const TABS = [
  { id: 'members', label: 'All Members' },
  { id: 'pending', label: 'Pending Approval' },
  { id: 'renewals', label: 'Renewals' },
  { id: 'import', label: 'Import' },
  { id: 'messages', label: 'Messages' },
  // The club's own settings, from what it is to how it runs.
  { id: 'club', label: 'Club' },
  { id: 'pages', label: 'Pages' },
  { id: 'team', label: 'Team' },
  { id: 'schedule', label: 'Schedule' },
  { id: 'terms', label: 'Terms' },
  { id: 'sports', label: 'Sports' },
  { id: 'rules', label: 'Rules' },
  { id: 'race-points', label: 'Race points' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** /admin: administrators only; everyone else signed in sees Access Denied. */
export function AdminPage() {
  usePageTitle('Admin');
  return (
    <RequireRole min="administrator" denied={<AccessDenied />}>
      <AdminDashboard />
    </RequireRole>
  );
}

function AccessDenied() {
  const { user } = useSession();
  return (
    <div className="page page--narrow">
      <h1>Access Denied</h1>
      <div className="alert alert--error" role="alert">
        The admin area is for administrators only.
      </div>
      <dl className="admin-denied">
        <dt>Signed in as</dt>
        <dd>{user?.email}</dd>
        <dt>Your role</dt>
        <dd>{user ? (ROLE_LABELS[user.role] ?? user.role) : ''}</dd>
      </dl>
      <p>
        <Link to="/">Back to Home</Link>
      </p>
    </div>
  );
}

function AdminDashboard() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = TABS.some((t) => t.id === requested) ? (requested as TabId) : 'members';
  const members = useMembersQuery();
  const [approving, setApproving] = useState<AdminMember | null>(null);
  const [editing, setEditing] = useState<AdminMember | null>(null);
  const [notice, setNotice] = useState('');
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  const list = members.data?.members ?? [];
  const pending = list.filter((m) => m.role === 'pending');

  /** Shows another tab; one holding unsaved input asks first (its panel would be thrown away). */
  function select(next: TabId): boolean {
    if (next === tab) return true;
    if (hasUnsavedChanges() && !window.confirm(DISCARD_QUESTION)) return false;
    setNotice('');
    setParams(next === 'members' ? {} : { tab: next }, { replace: true });
    return true;
  }

  // Arrow keys move between tabs, Home and End to the first and last (WAI-ARIA tabs pattern). On a
  // phone the row scrolls sideways inside itself: the chosen tab is brought into view.
  function onTabKey(e: KeyboardEvent) {
    const index = TABS.findIndex((t) => t.id === tab);
    const target =
      e.key === 'ArrowRight' ? (index + 1) % TABS.length
      : e.key === 'ArrowLeft' ? (index - 1 + TABS.length) % TABS.length
      : e.key === 'Home' ? 0
      : e.key === 'End' ? TABS.length - 1
      : -1;
    if (target < 0) return;
    e.preventDefault();
    const next = TABS[target]!;
    if (select(next.id)) tabRefs.current[next.id]?.focus();
  }

  // The chosen tab is in view in the row, also when the page opens on it (?tab=club).
  useEffect(() => {
    tabRefs.current[tab]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  function done(message: string) {
    setApproving(null);
    setEditing(null);
    setNotice(message);
  }

  return (
    <div className="page admin-page">
      <h1>Admin Dashboard</h1>
      <p>
        <Link to="/admin/payments">Payments</Link>: the ledger, refunds and cash or transfers to record.
      </p>
      <div className="segmented admin-tabs" role="tablist" aria-label="Admin sections" onKeyDown={onTabKey}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`admin-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`admin-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => select(t.id)}
          >
            {t.label}
            {t.id === 'pending' && pending.length > 0 && (
              <span className="admin-count">{pending.length}</span>
            )}
          </button>
        ))}
      </div>

      {notice && <Notice tone="success">{notice}</Notice>}

      <section role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`}>
        {tab === 'rules' ? (
          <RulesTab />
        ) : tab === 'terms' ? (
          <TermsTab />
        ) : tab === 'sports' ? (
          <SportsTab />
        ) : tab === 'schedule' ? (
          <ScheduleTab />
        ) : tab === 'team' ? (
          <TeamPositionsTab />
        ) : tab === 'club' ? (
          <ClubTab />
        ) : tab === 'pages' ? (
          <SectionBoundary what="the page editor" fallback={<Loading text="Loading the page editor…" />}>
            <PagesTab />
          </SectionBoundary>
        ) : tab === 'race-points' ? (
          <RacePointsTab />
        ) : tab === 'messages' ? (
          <MessagesTab />
        ) : tab === 'import' ? (
          <ImportTab />
        ) : tab === 'renewals' ? (
          <RenewalsTab />
        ) : members.isPending ? (
          <Loading text="Loading members…" />
        ) : members.error && !members.data ? (
          <LoadError onRetry={() => void members.refetch()}>
            {errorMessage(members.error, 'Failed to load members')}
          </LoadError>
        ) : tab === 'members' ? (
          <>
            <div className="admin-members-tools">
              <DownloadButton path="/reports/members.csv" fallbackName="members.csv" label="Download members CSV" />
            </div>
            <MembersTable
              members={list}
              onEdit={setEditing}
              onDeleted={(m) => done(`${m.name} was deleted.`)}
              onBulkDone={done}
            />
          </>
        ) : (
          <PendingList
            members={pending}
            onApprove={setApproving}
            onApproved={(m) => done(`${m.name} was approved.`)}
            onRejected={(m) => done(`${m.name} was rejected.`)}
          />
        )}
      </section>

      {approving && (
        <ApproveMemberModal
          member={approving}
          onClose={() => setApproving(null)}
          onApproved={(m) =>
            done(`${m.name} is now active as ${ROLE_LABELS[m.role]}. The activation email is on its way.`)
          }
        />
      )}
      {editing && (
        <EditMemberModal
          member={editing}
          onClose={() => setEditing(null)}
          onSaved={(m) => done(`${m.name} was updated.`)}
        />
      )}
    </div>
  );
}
