import { useId, useState, type FormEvent } from 'react';
import {
  APPROVABLE_ROLES,
  EXPIRY_REQUIRED_ERROR,
  approveMemberSchema,
  type AdminMember,
} from '../../../api/contract/admin';
import { firstIssue } from '../../../api/contract/common';
import { ROLE_LABELS } from '../../../api/contract/roles';
import { Modal } from '../../components/modal';
import { ErrorMessage } from '../../components/status';
import { errorMessage } from '../../lib/api-client';
import { useApproveMemberMutation } from './api/admin-queries';
import { localToday } from '../../lib/format';

interface Props {
  member: AdminMember;
  onClose: () => void;
  onApproved: (member: AdminMember) => void;
}

export function ApproveMemberModal({ member, onClose, onApproved }: Props) {
  const [role, setRole] = useState<(typeof APPROVABLE_ROLES)[number]>('member');
  const [expiryDate, setExpiryDate] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const approve = useApproveMemberMutation();
  const ids = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!expiryDate) return setError(EXPIRY_REQUIRED_ERROR);
    const parsed = approveMemberSchema.safeParse({ role, expiryDate });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setBusy(true);
    setError('');
    try {
      const answer = await approve.mutateAsync({ id: member.id, body: parsed.data });
      onApproved(answer.member);
    } catch (err) {
      setError(errorMessage(err, 'Could not approve the member. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <Modal title="Approve Member" onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <p className="hint">
          Approve <strong>{member.name}</strong> ({member.email}) once the athletic centre has confirmed the
          membership payment. They get an activation email.
        </p>
        <label className="field">
          <span>Role</span>
          <select value={role} onChange={(e) => setRole(e.target.value as typeof role)} data-autofocus>
            {APPROVABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
        <div className="field">
          <label htmlFor={`${ids}-expiry`}>Expiry date</label>
          <input
            id={`${ids}-expiry`}
            type="date"
            aria-describedby={`${ids}-expiry-hint`}
            value={expiryDate}
            min={localToday()}
            onChange={(e) => setExpiryDate(e.target.value)}
            aria-invalid={error === EXPIRY_REQUIRED_ERROR}
            required
          />
          <span className="field-hint" id={`${ids}-expiry-hint`}>
            When the membership runs out (the end of the paid session).
          </span>
        </div>
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <div className="actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Approving…' : 'Approve Member'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
