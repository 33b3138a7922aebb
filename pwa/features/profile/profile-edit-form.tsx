import { useEffect, useId, useRef, useState } from 'react';
import type { SessionUser } from '../../../domain/contract/members/auth';
import { useDraftGuard } from '../../components/draft-guard';
import { FormField } from '../../components/form-field';
import { FormFooter } from '../../components/form-footer';
import {
  BIO_MAX,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_SAVE_ERROR,
  profileUpdateSchema,
  type ProfileUpdate,
} from '../../../domain/contract/members/users';

import { ErrorMessage } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { phoneInput, useContractForm } from '../../lib/forms/forms';
import { readClubPhone, showClubPhone } from '../../lib/club/club-phone';
import { keepingKept } from '../../../domain/contract/common';
import { useSession } from '../../lib/session/session';
import { useUpdateProfileMutation, useUploadPictureMutation } from './api/profile-mutations';
import { Avatar } from '../../components/avatar';
import { MEMBER_PACES, PACE_EXAMPLE, formatPace, isSpeed, type PaceField } from '../../../domain/paces';

/** The profile's rules, the phone number read for the club's country as the server reads it (the kept one left as it is). */
function profileRules(kept: string | null) {
  return profileUpdateSchema(keepingKept(readClubPhone, kept));
}

/**
 * The paces as the inputs show them ('1:45', '28'); the contract reads that text back into numbers.
 * Typed as the contract's numbers since the form holds whatever its inputs give.
 */
function paceDefaults(user: SessionUser): Pick<ProfileUpdate, PaceField> {
  const shown: Record<string, string> = {};
  for (const { field, unit } of MEMBER_PACES) {
    const value = user.paces?.[field];
    shown[field] = value == null ? '' : formatPace(value, unit);
  }
  return shown as unknown as Pick<ProfileUpdate, PaceField>;
}

/** The qualifications as the text box shows them: one a line. */
const qualificationsText = (user: SessionUser) => (user.qualifications ?? []).join('\n');

/** The profile to send: a pace or the qualifications as they were stored are left out (the server keeps what it has). */
function changedFields(values: ProfileUpdate, user: SessionUser): ProfileUpdate {
  const sent = { ...values };
  for (const { field } of MEMBER_PACES) {
    if ((values[field] ?? null) === (user.paces?.[field] ?? null)) delete sent[field];
  }
  if ((values.qualifications ?? '') === qualificationsText(user)) delete sent.qualifications;
  return sent;
}

interface Props {
  user: SessionUser;
  onCancel: () => void;
  /** Called after the text fields were saved; `uploadProblem` is set when the picture was not. */
  onSaved: (uploadProblem: string | null) => void;
}

export function ProfileEditForm({ user, onCancel, onSaved }: Props) {
  const { updateUser } = useSession();
  const uploadPicture = useUploadPictureMutation();
  const updateProfile = useUpdateProfileMutation();
  const ids = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useContractForm<ProfileUpdate>(profileRules(user.phoneNumber), {
    // A field is checked when the member leaves it (the phone number's message), then as it changes.
    mode: 'onTouched',
    defaultValues: {
      name: user.name,
      email: user.email,
      // As the club shows it ('0412 345 678'); saved again, it is read back to the same number.
      phone_number: showClubPhone(user.phoneNumber),
      bio: user.bio ?? '',
      qualifications: qualificationsText(user),
      ...paceDefaults(user),
    },
  });
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [pictureNote, setPictureNote] = useState('');
  const [error, setError] = useState('');
  const name = watch('name');
  const bio = watch('bio');
  const formRef = useRef<HTMLFormElement>(null);
  // Typed changes or a chosen picture are not lost to Back, a link, a reload or Cancel without a word.
  const { requestDiscard, question } = useDraftGuard((isDirty || picture !== null) && !isSubmitting, formRef, onCancel);

  // The preview URL holds the file in memory until it is revoked.
  useEffect(() => {
    if (!picture) return setPreview(null);
    const url = URL.createObjectURL(picture);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [picture]);

  function choose(file: File | undefined) {
    setPictureNote('');
    if (!file) return;
    if (file.size > PROFILE_PICTURE_MAX_BYTES) {
      setPictureNote('That picture is larger than 5 MB. Please choose a smaller one.');
      return;
    }
    setPicture(file);
  }

  const submit = handleSubmit(async (values) => {
    setError('');

    // The picture goes first, a request of its own; if it fails the text fields are still saved.
    let uploadProblem: string | null = null;
    if (picture) {
      try {
        const answer = await uploadPicture.mutateAsync(picture);
        updateUser(answer.user);
        setPicture(null);
      } catch (err) {
        uploadProblem = errorMessage(err, 'the upload failed');
      }
    }

    try {
      const { user: saved } = await updateProfile.mutateAsync(changedFields(values, user));
      updateUser(saved);
      onSaved(uploadProblem);
    } catch {
      setError(PROFILE_SAVE_ERROR);
      if (uploadProblem) setPictureNote(`The picture could not be uploaded: ${uploadProblem}`);
    }
  });

  const shownUrl = preview ?? user.profilePictureUrl;
  return (
    <form ref={formRef} className="card form profile-edit" onSubmit={submit} noValidate>
      <h1>Edit Profile</h1>
      <div className="profile-picture-field">
        <button
          type="button"
          className="profile-picture-button"
          onClick={() => fileInput.current?.click()}
          aria-describedby={`${ids}-picture-hint`}
        >
          <Avatar name={name || user.name} url={shownUrl} size={128} alt={`Profile picture of ${name || user.name}`} className="profile-avatar" eager />
          <span className="visually-hidden">Change profile picture</span>
          <span className="profile-picture-button__badge" aria-hidden="true">
            Change
          </span>
        </button>
        <p className="field-hint" id={`${ids}-picture-hint`}>
          {picture
            ? `New picture: ${picture.name}. It is uploaded when you save.`
            : 'Tap or click the picture to choose a new one.'}
        </p>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Profile picture file"
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {pictureNote && (
          <p className="field-hint field-hint--bad" role="status">
            {pictureNote}
          </p>
        )}
      </div>

      <FormField label="Name" error={errors.name?.message}>
        {(field) => <input {...field} autoComplete="name" maxLength={100} required {...register('name')} />}
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        {(field) => <input {...field} type="email" autoComplete="email" required {...register('email')} />}
      </FormField>
      <FormField label="Phone" error={errors.phone_number?.message}>
        {(field) => <input {...field} {...phoneInput(register, 'phone_number')} />}
      </FormField>
      <FormField
        label="Bio"
        error={errors.bio?.message}
        hint={
          <>
            Leave a blank line between paragraphs. {bio.length}/{BIO_MAX}
          </>
        }
      >
        {(field) => <textarea {...field} maxLength={BIO_MAX} rows={6} {...register('bio')} />}
      </FormField>

      <FormField
        label="Qualifications (optional)"
        error={errors.qualifications?.message}
        hint="One a line, e.g. NLS lifeguard. Some duties ask for one; execs can see what you state."
      >
        {(field) => <textarea {...field} rows={3} {...register('qualifications')} />}
      </FormField>

      <fieldset className="profile-paces">
        <legend>Your paces (optional)</legend>
        <p className="form-hint">A workout with lanes suggests the lane that matches your pace.</p>
        {MEMBER_PACES.map(({ field, unit, label }) => (
          <FormField key={field} label={label} error={errors[field]?.message} hint={isSpeed(unit) ? `e.g. ${PACE_EXAMPLE[unit]}` : `m:ss, e.g. ${PACE_EXAMPLE[unit]}`}>
            {(props) =>
              isSpeed(unit) ? (
                <input {...props} inputMode="decimal" autoComplete="off" {...register(field)} />
              ) : (
                <input {...props} inputMode="numeric" autoComplete="off" placeholder="m:ss" {...register(field)} />
              )
            }
          </FormField>
        ))}
      </fieldset>

      {(error || errors.root?.message) && <ErrorMessage>{error || errors.root?.message}</ErrorMessage>}
      <FormFooter submitLabel="Save Profile" busy={isSubmitting} onCancel={requestDiscard} />
      {question}
    </form>
  );
}
