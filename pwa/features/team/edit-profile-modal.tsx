import { useId, useState, type FormEvent } from 'react';
import { TEAM_BIO_MAX, TEAM_NAME_MAX, teamMemberUpdateSchema, type TeamMember } from '../../../api/contract/profiles';
import { firstIssue } from '../../../api/contract/common';
import { Modal } from '../../components/modal';
import { ErrorMessage } from '../../components/status';
import { errorMessage } from '../../lib/api-client';
import { useUpdateTeamMemberMutation } from './api/team-queries';

export const SAVE_FAILED = 'Failed to update profile. Please try again.';

interface Props {
  member: TeamMember;
  position: string;
  onClose: () => void;
  onSaved: (member: TeamMember) => void;
}

/** Edits one position's card (SPEC.md §2): the form keeps what was typed when the save fails. */
export function EditProfileModal({ member, position, onClose, onSaved }: Props) {
  const formId = useId();
  const [form, setForm] = useState({ name: member.name, bio: member.bio, image: member.image, email: member.email });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const update = useUpdateTeamMemberMutation();
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const parsed = teamMemberUpdateSchema.safeParse(form);
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setBusy(true);
    try {
      const answer = await update.mutateAsync({ id: member.id, changes: parsed.data });
      onSaved(answer.teamMember);
    } catch (err) {
      setError(errorMessage(err, SAVE_FAILED));
      setBusy(false);
    }
  }

  return (
    <Modal
      title="Edit Profile"
      onClose={busy ? undefined : onClose}
      footer={
        <div className="actions">
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save Changes'}
          </button>
        </div>
      }
    >
      <p className="hint edit-profile__position">{position}</p>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <form id={formId} className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${formId}-name`}>Name</label>
          <input
            id={`${formId}-name`}
            value={form.name}
            onChange={set('name')}
            maxLength={TEAM_NAME_MAX}
            autoComplete="off"
            data-autofocus
          />
        </div>
        <div className="field">
          <label htmlFor={`${formId}-bio`}>Bio</label>
          <textarea
            id={`${formId}-bio`}
            value={form.bio}
            onChange={set('bio')}
            maxLength={TEAM_BIO_MAX}
            rows={6}
            aria-describedby={`${formId}-bio-hint`}
          />
          <p id={`${formId}-bio-hint`} className="field-hint">
            {form.bio.length}/{TEAM_BIO_MAX} characters. Leave a blank line between paragraphs.
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${formId}-image`}>Image URL</label>
          <input
            id={`${formId}-image`}
            value={form.image}
            onChange={set('image')}
            inputMode="url"
            placeholder="https://…"
            autoComplete="off"
            aria-describedby={`${formId}-image-hint`}
          />
          <p id={`${formId}-image-hint`} className="field-hint">
            A link starting with https:// or an uploaded picture (/uploads/…). Leave empty for the default icon.
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${formId}-email`}>Contact email</label>
          <input
            id={`${formId}-email`}
            type="email"
            value={form.email}
            onChange={set('email')}
            autoComplete="off"
            aria-describedby={`${formId}-email-hint`}
          />
          <p id={`${formId}-email-hint`} className="field-hint">
            Shown on coach cards. Optional.
          </p>
        </div>
      </form>
    </Modal>
  );
}
