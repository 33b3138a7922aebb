import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { SessionUser } from '../../../api/contract/auth';
import { ROLE_LABELS } from '../../../api/contract/roles';
import { bioParagraphs } from '../../../api/contract/users';
import { RequireRole } from '../../components/require-role';
import { Notice } from '../../components/status';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { Avatar } from '../../components/avatar';
import { ProfileEditForm } from './profile-edit-form';
import './profile.css';

/** /profile: the signed-in user's own profile (SPEC.md §2 Profile). Signed-out visitors go to /login. */
export function ProfilePage() {
  usePageTitle('My Profile');
  return (
    <RequireRole min="public">
      <OwnProfile />
    </RequireRole>
  );
}

function OwnProfile() {
  const { user } = useSession();
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
          onEdit={() => {
            setNote(null);
            setEditing(true);
          }}
        />
      )}
    </div>
  );
}

function ProfileView({ user, onEdit }: { user: SessionUser; onEdit: () => void }) {
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
        <dd>{user.phoneNumber || 'Not set'}</dd>
      </dl>
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
    </article>
  );
}
