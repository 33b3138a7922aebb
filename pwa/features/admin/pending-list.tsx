import { useState } from 'react';
import { NO_PENDING_MEMBERS, type AdminMember } from '../../../domain/contract/members/admin';
import { useConfirm } from '../../components/confirm-dialog';
import { EmptyState, ErrorMessage } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { useRejectMemberMutation } from './api/admin-mutations';
import { BreakableEmail } from './breakable-email';
import { dateOrNotSet } from './role-badge';
import { showClubPhone } from '../../lib/club/club-phone';

interface Props {
  members: AdminMember[];
  onApprove: (member: AdminMember) => void;
  onRejected: (member: AdminMember) => void;
}

/** Pending Approval: accounts waiting for their membership payment to be confirmed. */
export function PendingList({ members, onApprove, onRejected }: Props) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const { confirm, dialog } = useConfirm();
  const rejectMember = useRejectMemberMutation();

  async function reject(member: AdminMember) {
    const message = `Reject ${member.name}? They will no longer be able to sign in.`;
    if (!(await confirm({ title: `Reject ${member.name}?`, message, confirmLabel: 'Reject' }))) return;
    setError('');
    setBusy(member.id);
    try {
      await rejectMember.mutateAsync(member.id);
      onRejected(member);
    } catch (err) {
      // The spec lets this fail silently; a line on screen is kinder than nothing.
      setError(errorMessage(err, 'Could not reject the member. Please try again.'));
    } finally {
      setBusy(null);
    }
  }

  if (members.length === 0) return <EmptyState>{NO_PENDING_MEMBERS}</EmptyState>;
  return (
    <>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <ul className="pending-list">
        {members.map((m) => (
          <li key={m.id} className="card pending-card">
            <h2 className="pending-card__name">{m.name}</h2>
            <dl className="pending-card__facts">
              <dt>Email</dt>
              <dd>
                <BreakableEmail email={m.email} />
              </dd>
              <dt>Phone</dt>
              <dd>{showClubPhone(m.phone_number) || 'Not set'}</dd>
              <dt>Registered</dt>
              <dd>{dateOrNotSet(m.join_date)}</dd>
              <dt>Charter</dt>
              <dd>{m.charter_accepted ? 'Accepted' : 'Not yet accepted'}</dd>
            </dl>
            <div className="pending-card__actions">
              <button
                type="button"
                className="button button--primary"
                onClick={() => onApprove(m)}
                disabled={busy === m.id}
                aria-label={`Approve ${m.name}`}
              >
                Approve
              </button>
              <button
                type="button"
                className="button"
                onClick={() => void reject(m)}
                disabled={busy === m.id}
                aria-label={`Reject ${m.name}`}
              >
                {busy === m.id ? 'Rejecting…' : 'Reject'}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {dialog}
    </>
  );
}
