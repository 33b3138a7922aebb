import { useId, useState, type FormEvent } from 'react';
import { updateMemberSchema, type AdminMember } from '../../../api/contract/admin';
import { PHONE_MESSAGE, firstIssue, formatPhone } from '../../../api/contract/common';
import { PhoneField, phoneIsInvalid } from '../../components/phone-field';
import { ROLE_LABELS, type Role } from '../../../api/contract/roles';
import { Modal } from '../../components/modal';
import { ErrorMessage } from '../../components/status';
import { ApiError } from '../../lib/api-client';
import { useUpdateMemberMutation } from './api/admin-queries';
import { useSession } from '../../lib/session';

const ROLE_CHOICES: Role[] = ['pending', 'member', 'exec', 'administrator'];

interface Props {
  member: AdminMember;
  onClose: () => void;
  onSaved: (member: AdminMember) => void;
}

export function EditMemberModal({ member, onClose, onSaved }: Props) {
  const { user } = useSession();
  const self = user?.id === member.id;
  const [form, setForm] = useState({
    name: member.name,
    email: member.email,
    role: member.role,
    phoneNumber: member.phone_number ?? '',
    expiryDate: member.expiry_date ?? '',
    charterAccepted: member.charter_accepted === 1,
  });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const update = useUpdateMemberMutation();
  const ids = useId();
  const phoneBad = phoneIsInvalid(form.phoneNumber);
  // A rejected account keeps its role unless the administrator picks another.
  const choices = member.role === 'rejected' ? [...ROLE_CHOICES, 'rejected' as const] : ROLE_CHOICES;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (phoneBad) return setError(PHONE_MESSAGE);
    const body = {
      name: form.name,
      email: form.email,
      role: form.role,
      expiryDate: form.expiryDate || null,
      phoneNumber: form.phoneNumber ? formatPhone(form.phoneNumber) : '',
      charterAccepted: form.charterAccepted ? (1 as const) : (0 as const),
    };
    const parsed = updateMemberSchema.safeParse(body);
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setBusy(true);
    setError('');
    try {
      const answer = await update.mutateAsync({ id: member.id, body });
      onSaved(answer.member);
    } catch (err) {
      if (err instanceof ApiError && !err.isNetwork)
        setError(`Failed to update member: ${err.message || 'Unknown error'}`);
      else setError(`Error updating member: ${err instanceof Error ? err.message : String(err)}`);
      setBusy(false);
    }
  }

  return (
    <Modal title="Edit Member" onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <label className="field">
          <span>Name</span>
          <input
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
            maxLength={100}
            required
            data-autofocus
          />
        </label>
        <label className="field">
          <span>Email</span>
          <input
            type="email"
            value={form.email}
            onChange={(e) => setForm({ ...form, email: e.target.value })}
            required
          />
        </label>
        <div className="field">
          <label htmlFor={`${ids}-role`}>Role</label>
          <select
            id={`${ids}-role`}
            value={form.role}
            onChange={(e) => setForm({ ...form, role: e.target.value as Role })}
            disabled={self}
            aria-describedby={self ? `${ids}-self-hint` : undefined}
          >
            {choices.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
          {self && (
            <span className="field-hint" id={`${ids}-self-hint`}>
              You cannot change your own role: another administrator has to.
            </span>
          )}
        </div>
        <PhoneField value={form.phoneNumber} onChange={(phoneNumber) => setForm({ ...form, phoneNumber })} />
        <div className="field">
          <label htmlFor={`${ids}-expiry`}>Expiry date</label>
          <input
            id={`${ids}-expiry`}
            type="date"
            value={form.expiryDate}
            onChange={(e) => setForm({ ...form, expiryDate: e.target.value })}
            aria-describedby={`${ids}-expiry-hint`}
          />
          <span className="field-hint" id={`${ids}-expiry-hint`}>
            Leave it empty for no expiry date.
          </span>
        </div>
        <label className="admin-checkbox">
          <input
            type="checkbox"
            checked={form.charterAccepted}
            onChange={(e) => setForm({ ...form, charterAccepted: e.target.checked })}
          />
          <span>Charter accepted</span>
        </label>
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <div className="actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save Changes'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
