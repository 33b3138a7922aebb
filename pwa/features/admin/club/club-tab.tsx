// Admin → Club: the club's name, home-screen label, main colour, logo, contact address and links (the
// `club` document). A save publishes a new version; a refusal shows beside its field; someone else's
// newer save is shown, and this form keeps what was typed.
import { useEffect, useState, type ChangeEvent } from 'react';
import { SHORT_NAME_MAX, type ClubIdentity } from '../../../../domain/club-identity';
import { CLUB_LOGO_FIELD } from '../../../../domain/contract/club';
import { clubIdentitySchema } from '../../../../domain/contract/club-documents-schemas';
import { FormField } from '../../../components/form-field';
import { ErrorMessage, LoadError, Loading, Notice } from '../../../components/status';
import { setClubIdentity } from '../../../lib/club/club-identity';
import { call, errorMessage } from '../../../lib/data/api-client';
import { newerVersion, refusedField, useClubDocument, usePublishDocument } from '../../../lib/data/club-documents';
import { useContractForm } from '../../../lib/forms/forms';
import './club-tab.css';

type Field = keyof ClubIdentity;

const TEXT_FIELDS: { name: Field; label: string; type?: string; hint?: string; maxLength?: number }[] = [
  { name: 'name', label: 'Club name', maxLength: 80 },
  { name: 'shortName', label: 'Short name', hint: `The label under the app on a home screen: at most ${SHORT_NAME_MAX} characters.`, maxLength: SHORT_NAME_MAX },
  { name: 'contactEmail', label: 'Contact email', type: 'email', hint: 'Where membership receipts and questions go; shown in the footer.' },
  { name: 'instagram', label: 'Instagram', type: 'url', hint: 'Leave empty to show no link.' },
  { name: 'facebook', label: 'Facebook', type: 'url', hint: 'Leave empty to show no link.' },
  { name: 'strava', label: 'Strava', type: 'url', hint: 'Leave empty to show no link.' },
];

export function ClubTab() {
  const document = useClubDocument('club');
  if (document.isPending) return <Loading text="Loading the club's settings…" />;
  if (!document.data) {
    return <LoadError onRetry={() => void document.refetch()}>{errorMessage(document.error, "Could not load the club's settings")}</LoadError>;
  }
  return <ClubForm identity={document.data.body} version={document.data.version} />;
}

function ClubForm({ identity, version }: { identity: ClubIdentity; version: number }) {
  const publish = usePublishDocument('club');
  const [from, setFrom] = useState(version);
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState('');
  const [newer, setNewer] = useState<ClubIdentity | null>(null);
  const [uploading, setUploading] = useState(false);
  const form = useContractForm<ClubIdentity>(clubIdentitySchema, { defaultValues: identity });
  const { register, handleSubmit, setError, setValue, watch, formState } = form;
  const { errors, isSubmitting } = formState;
  const logo = watch('logo');
  const colour = watch('mainColour');

  useEffect(() => setFrom((current) => Math.max(current, version)), [version]);

  const submit = handleSubmit(async (values) => {
    setNotice('');
    setProblem('');
    try {
      const saved = await publish.mutateAsync({ body: values, version: from });
      setFrom(saved.version);
      setNewer(null);
      setClubIdentity(saved.body);
      setNotice('Saved. Every page, the emails and the installed app follow the new settings.');
    } catch (error) {
      const field = refusedField(error);
      const current = newerVersion<'club'>(error);
      if (field && field in identity) setError(field as Field, { message: errorMessage(error, 'Check this field') });
      else if (current) {
        setNewer(current.body);
        setFrom(current.version);
        setProblem(errorMessage(error, 'Someone else saved newer settings.'));
      } else setProblem(errorMessage(error, 'Could not save the settings'));
    }
  });

  async function uploadLogo(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setUploading(true);
    setProblem('');
    try {
      const body = new FormData();
      body.append(CLUB_LOGO_FIELD, file);
      const answer = await call('POST /club/logo', { body });
      setValue('logo', answer.logo, { shouldDirty: true });
    } catch (error) {
      setError('logo', { message: errorMessage(error, 'Could not upload the logo') });
    } finally {
      setUploading(false);
    }
  }

  return (
    <form className="form club-form" onSubmit={submit} noValidate aria-labelledby="club-settings-heading">
      <h2 id="club-settings-heading">Club settings</h2>
      {TEXT_FIELDS.slice(0, 2).map((f) => (
        <FormField key={f.name} label={f.label} hint={f.hint} error={errors[f.name]?.message}>
          {(control) => <input {...control} type={f.type ?? 'text'} maxLength={f.maxLength} {...register(f.name)} />}
        </FormField>
      ))}
      <FormField
        label="Main colour"
        hint="The header, buttons and the installed app's title bar. White text on it must be readable (4.5:1)."
        error={errors.mainColour?.message}
      >
        {(control) => (
          <span className="club-form__colour">
            <input {...control} type="text" inputMode="text" autoComplete="off" spellCheck={false} {...register('mainColour')} />
            <span className="club-form__swatch" style={{ background: /^#[0-9a-f]{6}$/i.test(colour) ? colour : 'transparent' }} aria-hidden="true">
              Aa
            </span>
          </span>
        )}
      </FormField>
      <FormField label="Logo" hint="A square picture works best. The app's icons and link previews are made from it." error={errors.logo?.message}>
        {(control) => (
          <span className="club-form__logo">
            <img src={logo ?? '/favicon.svg'} alt={logo ? 'The uploaded logo' : 'The built-in logo'} width="64" height="64" />
            <input {...control} type="file" accept="image/png,image/jpeg,image/webp,image/gif,image/avif" onChange={(e) => void uploadLogo(e)} disabled={uploading} />
            {uploading && <span role="status">Uploading…</span>}
          </span>
        )}
      </FormField>
      {TEXT_FIELDS.slice(2).map((f) => (
        <FormField key={f.name} label={f.label} hint={f.hint} error={errors[f.name]?.message}>
          {(control) => <input {...control} type={f.type ?? 'text'} {...register(f.name)} />}
        </FormField>
      ))}
      {newer && (
        <div className="club-form__newer" role="region" aria-label="The newer settings">
          <p>The newer settings: {newer.name} ({newer.shortName}), {newer.mainColour}, {newer.contactEmail}.</p>
          <p>Save again to replace them with yours.</p>
        </div>
      )}
      {problem && <ErrorMessage>{problem}</ErrorMessage>}
      {notice && <Notice tone="success">{notice}</Notice>}
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting || uploading}>
          {isSubmitting ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
