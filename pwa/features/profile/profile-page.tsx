import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SessionUser } from '../../../domain/contract/members/auth';
import { ROLE_LABELS } from '../../../domain/contract/roles';
import { bioParagraphs } from '../../../domain/contract/members/users';
import { RequireRole } from '../../components/require-role';
import { Notice } from '../../components/status';
import { formatDate, formatDateTime } from '../../lib/ui/format';
import { useSession } from '../../lib/session/session';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { Avatar } from '../../components/avatar';
import { RenewalCard } from './renewal-card';
import { CalendarLink } from './components/calendar-link';
import { NotificationSettings } from './components/notification-settings';
import { MyData } from './components/my-data';
import { Passkeys } from './components/passkeys';
import { ProfileEditForm } from './profile-edit-form';
import './profile.css';
import { absencesUntilSuspension, isSuspended } from '../../../domain/rules';
import { useClubRules, useRuleText } from '../../lib/club/club-rules';
import { showClubPhone } from '../../lib/club/club-phone';

interface ProfilePageProps {
  /** A member's race records (the races feature's), handed in by the app frame: features never import each other. */
  personalBests?: (userId: number) => ReactNode;
  /** What the account owes, has paid and was refunded, with "Pay online" (the payments feature's), handed in likewise. */
  payments?: () => ReactNode;
  /** The member's safety card and this term's waiver (the safety feature's), handed in likewise. */
  safety?: () => ReactNode;
  /** What renewing asks for beside the renewal card (the safety feature's call for the card and waiver). */
  renewalExtra?: () => ReactNode;
}

/** /profile: the signed-in user's own profile. Signed-out visitors go to /login. */
export function ProfilePage(props: ProfilePageProps) {
  usePageTitle('My Profile');
  return (
    <RequireRole min="public">
      <OwnProfile {...props} />
    </RequireRole>
  );
}

function OwnProfile({ personalBests, payments, safety, renewalExtra }: ProfilePageProps) {
  const { user, can } = useSession();
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState<{ tone: 'success' | 'warning'; text: string } | null>(null);
  if (!user) return null;

  return (
    <div className="page page--narrow profile-page">
      <Link to="/dashboard" className="profile-back">
        ← Back
      </Link>
      {note && <Notice tone={note.tone}>{note.text}</Notice>}
      {editing ? (
        <ProfileEditForm
          user={user}
          onCancel={() => setEditing(false)}
          onSaved={(uploadProblem) => {
            setEditing(false);
            setNote(
              uploadProblem
                ? {
                    tone: 'warning',
                    text: `Your details were saved, but the new picture could not be uploaded: ${uploadProblem}`,
                  }
                : { tone: 'success', text: 'Your profile was updated.' },
            );
          }}
        />
      ) : (
        <ProfileView
          user={user}
          renewalExtra={renewalExtra}
          onEdit={() => {
            setNote(null);
            setEditing(true);
          }}
        />
      )}
      {payments?.()}
      {safety && <RequireRole min="pending">{safety()}</RequireRole>}
      {/* Members' own results: left out for a pending account, whose profile this still is (no members'
          gate here, which would keep /profile as a link to reopen after approval and show its notice). */}
      {personalBests && can('member') && personalBests(user.id)}
    </div>
  );
}

function ProfileView({ user, onEdit, renewalExtra }: { user: SessionUser; onEdit: () => void; renewalExtra?: () => ReactNode }) {
  const paragraphs = bioParagraphs(user.bio);
  return (
    <article className="card profile-card">
      <header className="profile-card__header">
        <Avatar name={user.name} url={user.profilePictureUrl} size={128} alt={`Profile picture of ${user.name}`} className="profile-avatar" eager />
        <div>
          <h1 className="profile-card__name">{user.name}</h1>
          <span className={`badge profile-role profile-role--${user.role}`}>
            {ROLE_LABELS[user.role] ?? user.role}
          </span>
        </div>
      </header>
      <dl className="profile-facts">
        <dt>Email</dt>
        <dd>{user.email}</dd>
        <dt>Phone</dt>
        <dd>{showClubPhone(user.phoneNumber) || 'Not set'}</dd>
        <dt>Qualifications</dt>
        <dd>{user.qualifications?.length ? user.qualifications.join(', ') : 'None stated'}</dd>
      </dl>
      <MembershipFacts user={user} />
      {user.expiry_date && <RenewalCard extra={renewalExtra?.()} />}
      <section aria-labelledby="profile-bio-heading" className="profile-bio">
        <h2 id="profile-bio-heading">About me</h2>
        {paragraphs.length > 0 ? (
          paragraphs.map((p, i) => <p key={i}>{p}</p>)
        ) : (
          <p className="empty-state">No bio yet. Tell your teammates a little about yourself.</p>
        )}
      </section>
      <div className="actions">
        <button type="button" className="button button--primary" onClick={onEdit}>
          Edit Profile
        </button>
      </div>
      <CalendarLink />
      <NotificationSettings />
      <Passkeys />
      <section aria-labelledby="profile-devices-heading" className="profile-devices">
        <h2 id="profile-devices-heading">Devices</h2>
        <p className="hint">
          Lost a phone, or signed in on a shared computer? Signing out everywhere ends your session on every device,
          this one included.
        </p>
        <Link to="/logout" className="button button--ghost">
          Sign out everywhere
        </Link>
      </section>
      <MyData />
    </article>
  );
}

/** Membership expiry, absences and any suspension: seen here before a sign-up is refused. */
function MembershipFacts({ user }: { user: SessionUser }) {
  const rules = useClubRules();
  const ruleWords = useRuleText();
  const suspended = isSuspended(user.suspended_until, Date.now());
  const toNext = absencesUntilSuspension(rules, user.absences);
  return (
    <section aria-labelledby="profile-membership-heading" className="profile-membership">
      <h2 id="profile-membership-heading">Membership</h2>
      {suspended && (
        <Notice tone="warning">Workout sign-ups are suspended until {formatDateTime(user.suspended_until!)}</Notice>
      )}
      <dl className="profile-facts">
        <dt>Membership expires</dt>
        <dd>{user.expiry_date ? formatDate(user.expiry_date, 'long') : 'No membership on record'}</dd>
        <dt>Absences</dt>
        <dd>
          {user.absences}
          {!suspended && (
            <span className="hint">
              {' '}
              · {toNext === 1 ? 'one more suspends' : `${toNext} more suspend`} workout sign-ups for {ruleWords.suspensionPeriod}
            </span>
          )}
        </dd>
        {suspended && (
          <>
            <dt>Suspended until</dt>
            <dd>{formatDateTime(user.suspended_until!)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
