import { useState } from 'react';
import { Link } from 'react-router-dom';
import { POSITION_GROUP_NAMES, type TeamMember } from '../../../domain/contract/club/profiles';
import { ClubEmailLink } from '../../components/club-email-link';
import { NotSavedOffline, isOfflineError } from '../../components/offline-note';
import { EmptyState, Loading, Notice } from '../../components/status';
import { lazyNamed } from '../../lib/ui/lazy-named';
import { useSession } from '../../lib/session/session';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { useTeamQuery } from './api/team-queries';
import { Avatar } from '../../components/avatar';
import { VACANT_NAME, bioPreview, imageSrc, isCoach, positionLabels, profilePath } from './team-member';
import './team.css';
import { SectionBoundary } from '../../lib/ui/section-boundary';

const EditProfileModal = lazyNamed(() => import('./edit-profile-modal'), 'EditProfileModal');

export const TEAM_REFRESH_MS = 5000;

/** `reloadPage` is only for tests: the router renders the page without props. */
export function CoachesExecPage({ reloadPage = () => window.location.reload() }: { reloadPage?: () => void }) {
  usePageTitle('Coaches and Exec');
  const { can } = useSession();
  const { data, error, isPending: loading } = useTeamQuery({ refetchInterval: TEAM_REFRESH_MS });
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const members = data?.teamMembers ?? [];
  const labels = positionLabels(members);
  const canEdit = can('exec');

  function onSaved(member: TeamMember) {
    setSaved(`${member.role} profile saved.`);
    setEditing(null);
  }

  const card = (m: TeamMember) => (
    <TeamCard
      key={m.id}
      member={m}
      editLabel={`Edit ${labels.get(m.id) ?? m.role}`}
      onEdit={
        canEdit
          ? () => {
              setSaved(null);
              setEditing(m);
            }
          : undefined
      }
    />
  );
  const coaches = members.filter(isCoach);
  const execs = members.filter((m) => !isCoach(m));

  return (
    <div className="page team">
      <header className="page-intro">
        <h1>Coaches and Executive Team</h1>
        <p className="lead">
          The coaches and the executive team who run the club. Questions about the club? Email <ClubEmailLink />.
        </p>
      </header>

      {saved && <Notice tone="success">{saved}</Notice>}

      {!data && loading && <Loading text="Loading team members..." />}

      {!data && error && isOfflineError(error) && <NotSavedOffline onRetry={reloadPage} />}

      {!data && error && !isOfflineError(error) && (
        <div className="alert alert--error team__error" role="alert">
          <p>Error loading team members</p>
          <button type="button" className="button button--primary" onClick={reloadPage}>
            Try Again
          </button>
        </div>
      )}

      {/* A refresh failed but an earlier list is on screen: keep it, and say it may be out of date. */}
      {data && error && (
        <p className="alert alert--warning" role="status">
          Failed to load team members. Showing the last list we had.
        </p>
      )}

      {data && members.length === 0 && <EmptyState>No team members have been added yet.</EmptyState>}

      {coaches.length > 0 && (
        <section aria-labelledby="coaches-title" className="team__section">
          <h2 id="coaches-title">{POSITION_GROUP_NAMES.coach}</h2>
          <ul className="team-grid">{coaches.map(card)}</ul>
        </section>
      )}
      {execs.length > 0 && (
        <section aria-labelledby="exec-title" className="team__section">
          <h2 id="exec-title">{POSITION_GROUP_NAMES.exec}</h2>
          <ul className="team-grid">{execs.map(card)}</ul>
        </section>
      )}

      {editing && (
        <SectionBoundary what="the profile editor">
          <EditProfileModal
            member={editing}
            position={`${editing.role}${editing.name ? ` · ${editing.name}` : ''}`}
            onClose={() => setEditing(null)}
            onSaved={onSaved}
          />
        </SectionBoundary>
      )}
    </div>
  );
}

function TeamCard({ member, editLabel, onEdit }: { member: TeamMember; editLabel: string; onEdit?: () => void }) {
  const coach = isCoach(member);
  return (
    <li className="card team-card" data-testid="team-card">
      <Avatar name={member.name} url={imageSrc(member.image)} size={88} className="team-avatar" fallback="icon" />
      <div className="team-card__body">
        <p className="team-card__position">{member.role}</p>
        <h3 className="team-card__name">
          <Link to={profilePath(member)} className="team-card__link">
            {member.name || VACANT_NAME}
          </Link>
        </h3>
        {coach &&
          (member.email ? (
            <a className="team-card__email" href={`mailto:${member.email}`}>
              {member.email}
            </a>
          ) : (
            <p className="team-card__email team-card__email--none">Email not available</p>
          ))}
        <p className="team-card__bio">{bioPreview(member.bio)}</p>
      </div>
      {onEdit && (
        <button type="button" className="icon-button team-card__edit" aria-label={editLabel} onClick={onEdit}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      )}
    </li>
  );
}
