import { Link, useParams } from 'react-router-dom';
import { NotSavedOffline, isOfflineError } from '../../components/offline-note';
import { Loading } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { Avatar } from '../../components/avatar';
import { EMPTY_BIO, VACANT_NAME, bioParagraphs, imageSrc, isCoach } from './team-member';
import { useTeamQuery } from './api/team-queries';
import './team.css';

function BackLink() {
  return (
    <Link to="/coaches-exec" className="back-link">
      <span aria-hidden="true">←</span> Back to Coaches and Exec
    </Link>
  );
}

/** /profile/{position id}/{name slug}: the position decides; the slug is only there for readable URLs. */
export function TeamProfilePage() {
  const { role = '' } = useParams();
  const { data, error, isPending: loading, refetch } = useTeamQuery();
  const member = data?.teamMembers.find((m) => m.id === role);
  const position = member?.role ?? '';
  usePageTitle(member ? `${member.name || VACANT_NAME} · ${position}` : data ? 'Profile Not Found' : 'Team Profile');

  if (!data) {
    return (
      <div className="page page--narrow team-profile">
        <BackLink />
        {loading ? (
          <>
            <h1 className="visually-hidden">Team Profile</h1>
            <Loading text="Loading profile..." />
          </>
        ) : (
          <>
            <h1>Team Profile</h1>
            {isOfflineError(error) ? (
              <NotSavedOffline onRetry={() => void refetch()} />
            ) : (
              <div className="alert alert--error" role="alert">
                <p>Failed to load team members</p>
                {errorMessage(error, '') && <p>{errorMessage(error, '')}</p>}
                <button type="button" className="button button--primary" onClick={() => void refetch()}>
                  Try Again
                </button>
              </div>
            )}
          </>
        )}
      </div>
    );
  }

  if (!member) {
    return (
      <div className="page page--narrow team-profile">
        <BackLink />
        <h1>Profile Not Found</h1>
        <p>There is no team position at this address. It may have been renamed: see the whole team instead.</p>
        <Link to="/coaches-exec" className="button button--primary">
          Meet the Team
        </Link>
      </div>
    );
  }

  const paragraphs = bioParagraphs(member.bio);
  const name = member.name || VACANT_NAME;
  return (
    <div className="page team-profile">
      <BackLink />
      <article className="card team-profile__card" aria-labelledby="team-profile-name">
        <div className="team-profile__head">
          <Avatar
            name={member.name}
            url={imageSrc(member.image)}
            size={160}
            alt={member.name ? `Photo of ${member.name}` : ''}
            className="team-avatar"
            fallback="icon"
            eager
          />
          <div>
            <p className="team-card__position">{position}</p>
            <h1 id="team-profile-name" className="team-profile__name">
              {name}
            </h1>
            <p className="team-profile__email">
              {member.email ? (
                <a href={`mailto:${member.email}`}>{member.email}</a>
              ) : (
                <span className="team-card__email--none">Email not available</span>
              )}
            </p>
          </div>
        </div>
        <section aria-labelledby="team-profile-about" className="team-profile__bio">
          <h2 id="team-profile-about">About {member.name || (isCoach(member) ? 'the coach' : 'this position')}</h2>
          {paragraphs.length > 0 ? paragraphs.map((p, i) => <p key={i}>{p}</p>) : <p className="empty-state">{EMPTY_BIO}</p>}
        </section>
      </article>
    </div>
  );
}
