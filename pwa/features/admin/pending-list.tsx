import { useState } from 'react';
import { Link } from 'react-router-dom';
import { newMembershipTerm } from '../../../domain/calendar';
import { useClubToday } from '../../lib/club/club-clock';
import { useClubTerms } from '../../lib/club/club-terms';
import { usePaidQuery } from './api/admin-queries';
import { NO_PENDING_MEMBERS, type AdminMember } from '../../../domain/contract/members/admin';
import { useConfirm } from '../../components/confirm-dialog';
import { EmptyState, ErrorMessage } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { useApproveMemberMutation, useRejectMemberMutation } from './api/admin-mutations';
import { BreakableEmail } from './breakable-email';
import { dateOrNotSet } from './role-badge';
import { showClubPhone } from '../../lib/club/club-phone';

interface Props {
  members: AdminMember[];
  onApprove: (member: AdminMember) => void;
  onRejected: (member: AdminMember) => void;
  /** A paid member approved in one tap (a member to the end of the term a new member joins for). */
  onApproved?: (member: AdminMember) => void;
}

/** Pending Approval: accounts waiting for their membership payment to be confirmed. */
export function PendingList({ members, onApprove, onRejected, onApproved }: Props) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const { confirm, dialog } = useConfirm();
  const rejectMember = useRejectMemberMutation();
  const approveMember = useApproveMemberMutation();
  const paid = usePaidQuery().data ?? {};
  const today = useClubToday();
  const terms = useClubTerms();

  async function approvePaid(member: AdminMember) {
    if (!today) return onApprove(member);
    setError('');
    setBusy(member.id);
    try {
      const answer = await approveMember.mutateAsync({ id: member.id, body: { role: 'member', expiryDate: newMembershipTerm(terms, today).end } });
      onApproved?.(answer.member);
    } catch (err) {
      setError(errorMessage(err, 'Could not approve the member. Please try again.'));
    } finally {
      setBusy(null);
    }
  }

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
              <dt>Payment</dt>
              <dd>{paid[m.id]?.summary ?? 'None recorded'}</dd>
            </dl>
            <div className="pending-card__actions">
              {paid[m.id] && (
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => void approvePaid(m)}
                  disabled={busy === m.id}
                  aria-label={`Approve ${m.name}, paid`}
                >
                  Approve (paid)
                </button>
              )}
              <button
                type="button"
                className={paid[m.id] ? 'button' : 'button button--primary'}
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
              {!paid[m.id] && (
                <Link className="button" to={`/admin/payments?record=${m.id}`} aria-label={`Record a payment by ${m.name}`}>
                  Record cash
                </Link>
              )}
            </div>
          </li>
        ))}
      </ul>
      {dialog}
    </>
  );
}
