import { useId, useState, type ChangeEvent } from 'react';
import { TEAM_BIO_MAX, TEAM_NAME_MAX, type TeamMember } from '../../../domain/contract/club/profiles';
import { teamMemberUpdateSchema } from '../../../domain/contract/club/profiles-schemas';
import { FormField } from '../../components/form-field';
import { FormFooter } from '../../components/form-footer';
import { Modal } from '../../components/modal';
import { ErrorMessage } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { useContractForm } from '../../lib/forms/forms';
import { Avatar } from '../../components/avatar';
import { useUpdateTeamMemberMutation, useUploadTeamPictureMutation } from './api/team-mutations';
import { imageSrc } from './team-member';

export const SAVE_FAILED = 'Failed to update profile. Please try again.';

interface Props {
  member: TeamMember;
  position: string;
  onClose: () => void;
  onSaved: (member: TeamMember) => void;
}

interface TeamValues {
  name: string;
  bio: string;
  image: string;
  email: string;
}

/** Edits one position's card: each field marked on its own; what was typed stays on failure. */
export function EditProfileModal({ member, position, onClose, onSaved }: Props) {
  const formId = useId();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting, isDirty },
  } = useContractForm<TeamValues>(teamMemberUpdateSchema, {
    defaultValues: { name: member.name, bio: member.bio, image: member.image, email: member.email },
  });
  const bio = watch('bio');
  const image = watch('image');
  const update = useUpdateTeamMemberMutation();
  const upload = useUploadTeamPictureMutation();
  const [uploadError, setUploadError] = useState<string | null>(null);

  // The picture is uploaded at once and its URL put in the Image URL field, saved with the rest.
  async function uploadPicture(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setUploadError(null);
    try {
      const answer = await upload.mutateAsync(file);
      setValue('image', answer.image, { shouldDirty: true, shouldValidate: true });
    } catch (err) {
      setUploadError(errorMessage(err, 'The picture could not be uploaded. Please try again.'));
    }
  }

  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      const answer = await update.mutateAsync({ id: member.id, changes: values });
      onSaved(answer.teamMember);
    } catch (err) {
      setError(errorMessage(err, SAVE_FAILED));
    }
  });

  const problem = error ?? errors.root?.message;
  return (
    <Modal dirty={isDirty && !isSubmitting}
      title="Edit Profile"
      onClose={isSubmitting ? undefined : onClose}
      footer={<FormFooter submitLabel="Save changes" busy={isSubmitting} disabled={upload.isPending} form={formId} />}
    >
      <p className="hint edit-profile__position">{position}</p>
      {problem && <ErrorMessage>{problem}</ErrorMessage>}
      <form id={formId} className="form" onSubmit={submit} noValidate>
        <FormField label="Name" error={errors.name?.message}>
          {(field) => <input {...field} maxLength={TEAM_NAME_MAX} autoComplete="off" data-autofocus {...register('name')} />}
        </FormField>
        <FormField
          label="Bio"
          error={errors.bio?.message}
          hint={`${bio.length}/${TEAM_BIO_MAX} characters. Leave a blank line between paragraphs.`}
        >
          {(field) => <textarea {...field} maxLength={TEAM_BIO_MAX} rows={6} {...register('bio')} />}
        </FormField>
        <FormField
          label="Image URL"
          error={errors.image?.message}
          hint="A link starting with https:// or an uploaded picture (/uploads/…). Leave empty for the default icon."
        >
          {(field) => <input {...field} inputMode="url" placeholder="https://…" autoComplete="off" {...register('image')} />}
        </FormField>
        <FormField
          label="Or upload a picture"
          error={uploadError ?? undefined}
          hint="JPEG, PNG, WebP, GIF or AVIF, up to 5 MB: made square, and shown on the card once you save."
        >
          {(field) => (
            <span className="edit-profile__picture">
              <Avatar name={member.name} url={imageSrc(image)} size={56} className="team-avatar" fallback="icon" />
              <input
                {...field}
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
                disabled={upload.isPending || isSubmitting}
                onChange={(e) => void uploadPicture(e)}
              />
              {upload.isPending && <span role="status">Uploading…</span>}
            </span>
          )}
        </FormField>
        <FormField label="Contact email" error={errors.email?.message} hint="Shown on coach cards. Optional.">
          {(field) => <input {...field} type="email" autoComplete="off" {...register('email')} />}
        </FormField>
      </form>
    </Modal>
  );
}
