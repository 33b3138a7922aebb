import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { SessionUser } from '../../../api/contract/auth';
import { firstIssue } from '../../../api/contract/common';
import { PhoneField, phoneIsInvalid } from '../../components/phone-field';
import {
  BIO_MAX,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_SAVE_ERROR,
  profileUpdateSchema,
} from '../../../api/contract/users';
import { ErrorMessage } from '../../components/status';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useUpdateProfileMutation, useUploadPictureMutation } from './api/profile-mutations';
import { Avatar } from './avatar';

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
  const [form, setForm] = useState({
    name: user.name,
    email: user.email,
    phone: user.phoneNumber ?? '',
    bio: user.bio ?? '',
  });
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [pictureNote, setPictureNote] = useState('');
  const [phoneTouched, setPhoneTouched] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const phoneBad = phoneIsInvalid(form.phone);

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

  async function submit(e: FormEvent) {
    e.preventDefault();
    setPhoneTouched(true);
    if (phoneBad) return setError('');
    const parsed = profileUpdateSchema.safeParse({
      name: form.name,
      email: form.email,
      phone_number: form.phone,
      bio: form.bio,
    });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setBusy(true);
    setError('');

    // The picture goes first (SPEC.md §7); if it fails the text fields are still saved.
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
      const { user: saved } = await updateProfile.mutateAsync(parsed.data);
      updateUser(saved);
      onSaved(uploadProblem);
    } catch {
      setError(PROFILE_SAVE_ERROR);
      if (uploadProblem) setPictureNote(`The picture could not be uploaded: ${uploadProblem}`);
      setBusy(false);
    }
  }

  const shownUrl = preview ?? user.profilePictureUrl;
  return (
    <form className="card form profile-edit" onSubmit={submit} noValidate>
      <h1>Edit Profile</h1>
      <div className="profile-picture-field">
        <button
          type="button"
          className="profile-picture-button"
          onClick={() => fileInput.current?.click()}
          aria-describedby={`${ids}-picture-hint`}
        >
          <Avatar name={form.name || user.name} url={shownUrl} size={128} />
          <span className="visually-hidden">Change profile picture</span>
          <span className="profile-picture-button__badge" aria-hidden="true">
            Change
          </span>
        </button>
        <p className="field-hint" id={`${ids}-picture-hint`}>
          {picture
            ? `New picture: ${picture.name}. It is uploaded when you save.`
            : 'Click the picture to choose a new one.'}
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

      <label className="field">
        <span>Name</span>
        <input
          autoComplete="name"
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
          maxLength={100}
          required
        />
      </label>
      <label className="field">
        <span>Email</span>
        <input
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={(e) => setForm({ ...form, email: e.target.value })}
          required
        />
      </label>
      <PhoneField
        value={form.phone}
        onChange={(phone) => setForm({ ...form, phone })}
        showError={phoneTouched}
        onBlur={() => setPhoneTouched(true)}
        autoComplete="tel"
      />
      <div className="field">
        <label htmlFor={`${ids}-bio`}>Bio</label>
        <textarea
          id={`${ids}-bio`}
          value={form.bio}
          onChange={(e) => setForm({ ...form, bio: e.target.value })}
          maxLength={BIO_MAX}
          rows={6}
          aria-describedby={`${ids}-bio-hint`}
        />
        <span className="field-hint" id={`${ids}-bio-hint`}>
          Leave a blank line between paragraphs. {form.bio.length}/{BIO_MAX}
        </span>
      </div>

      {error && <ErrorMessage>{error}</ErrorMessage>}
      <div className="actions">
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save Profile'}
        </button>
      </div>
    </form>
  );
}
