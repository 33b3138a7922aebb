import { useId, useState } from 'react';
import { PASSKEY_NAME_MAX, newPasskeySchema, passkeyNameFor, renamePasskeySchema, type PasskeyInfo } from '../../../../domain/contract/members/passkeys';
import { FormField } from '../../../components/form-field';
import { useConfirm } from '../../../components/confirm-dialog';
import { ErrorMessage, LoadError, Notice } from '../../../components/status';
import { errorMessage } from '../../../lib/data/api-client';
import { useContractForm } from '../../../lib/forms/forms';
import { loadError } from '../../../lib/data/read';
import { useOutboxState } from '../../../lib/offline/outbox-store';
import { usePasskeyAvailability } from '../../../lib/club/club-passkeys';
import { formatDateTime } from '../../../lib/ui/format';
import { usePasskeysQuery } from '../api/passkey-queries';
import { useAddPasskeyMutation, useRemovePasskeyMutation, useRenamePasskeyMutation } from '../api/passkey-mutations';

const ADD_FAILED = 'The passkey could not be added. Please try again.';
const UNAVAILABLE = {
  'browser-off': 'This browser cannot make passkeys. You can still remove the ones listed here.',
  'server-off': 'Passkeys are turned off on this server. You can still remove the ones listed here.',
} as const;

/**
 * The member's passkeys: Face ID, a fingerprint or the phone's screen lock instead of the password.
 * Any account that signs in has them, pending ones too.
 */
export function Passkeys() {
  const headingId = useId();
  const availability = usePasskeyAvailability();
  const query = usePasskeysQuery(true);
  const add = useAddPasskeyMutation();
  const rename = useRenamePasskeyMutation();
  const remove = useRemovePasskeyMutation();
  const { online } = useOutboxState();
  const { confirm, dialog } = useConfirm();
  const [askPassword, setAskPassword] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useContractForm<{ name: string; password: string }>(newPasskeySchema, {
    defaultValues: { name: passkeyNameFor(typeof navigator === 'undefined' ? '' : navigator.userAgent), password: '' },
  });
  const password = watch('password');
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const error = loadError(query);
  const list = query.data?.passkeys ?? [];

  const addOne = handleSubmit(async ({ name, password: given }) => {
    setProblem(null);
    setAdded(null);
    const { passwordRequired, passkeyProblem } = await import('../../../lib/session/passkey-ceremony');
    try {
      const passkey = await add.mutateAsync({ name, password: askPassword ? given : undefined });
      setAdded(passkey.name);
      setAskPassword(false);
      setValue('password', '');
    } catch (err) {
      if (passwordRequired(err)) setAskPassword(true);
      setProblem(passkeyProblem(err, ADD_FAILED));
    }
  });

  async function removeOne(passkey: PasskeyInfo) {
    const ok = await confirm({
      title: `Remove ${passkey.name}?`,
      message: 'It will no longer sign you in. The passkey may stay on the device: you can delete it there in the password settings.',
      confirmLabel: 'Remove',
    });
    if (ok) remove.mutate(passkey.id);
  }

  return (
    <section aria-labelledby={headingId} className="profile-passkeys">
      <h2 id={headingId}>Passkeys</h2>
      <p className="hint">
        Sign in with Face ID, a fingerprint or your phone&apos;s screen lock instead of your password. Signing out everywhere or
        resetting your password keeps your passkeys: remove here the one of a device you no longer have.
      </p>
      {dialog}
      {error ? (
        <LoadError onRetry={() => void query.refetch()}>Could not load your passkeys: {errorMessage(error, 'Something went wrong')}</LoadError>
      ) : !query.data ? (
        <p className="hint">Loading your passkeys…</p>
      ) : list.length === 0 ? (
        <p className="hint">You have no passkeys yet.</p>
      ) : (
        <ul className="profile-passkeys__list">
          {list.map((p) => (
            <PasskeyRow
              key={p.id}
              passkey={p}
              disabled={!online || remove.isPending || rename.isPending}
              onRename={(next) => rename.mutateAsync({ id: p.id, name: next })}
              onRemove={() => void removeOne(p)}
            />
          ))}
        </ul>
      )}
      {remove.isError && <ErrorMessage>{errorMessage(remove.error, 'Could not remove the passkey')}</ErrorMessage>}

      {availability === 'browser-off' || availability === 'server-off' ? (
        <p className="hint">{UNAVAILABLE[availability]}</p>
      ) : availability === 'on' ? (
        <form className="form profile-passkeys__add" onSubmit={(e) => void addOne(e)} noValidate>
          <FormField label="Name of the new passkey" error={errors.name?.message}>
            {(control) => <input {...control} maxLength={PASSKEY_NAME_MAX} {...register('name')} />}
          </FormField>
          {askPassword && (
            <FormField label="Your password" error={errors.password?.message} hint="You signed in a while ago: enter your password to add a passkey.">
              {(control) => <input {...control} type="password" autoComplete="current-password" {...register('password')} />}
            </FormField>
          )}
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={!online || add.isPending || (askPassword && !password)}>
              {add.isPending ? 'Waiting for your device…' : 'Add a passkey'}
            </button>
          </div>
          {!online && <p className="hint">Connect to the internet to add a passkey.</p>}
        </form>
      ) : null}
      {added && <Notice tone="success">Passkey “{added}” added. Next time, sign in with it.</Notice>}
      {problem && <ErrorMessage>{problem}</ErrorMessage>}
    </section>
  );
}

function PasskeyRow({
  passkey,
  disabled,
  onRename,
  onRemove,
}: {
  passkey: PasskeyInfo;
  disabled: boolean;
  onRename: (name: string) => Promise<unknown>;
  onRemove: () => void;
}) {
  const inputId = useId();
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useContractForm<{ name: string }>(renamePasskeySchema, { defaultValues: { name: passkey.name } });
  const nameError = errors.name?.message;

  const save = handleSubmit(async ({ name }) => {
    setProblem(null);
    try {
      await onRename(name);
      setEditing(false);
    } catch (err) {
      setProblem(errorMessage(err, 'Could not rename the passkey'));
    }
  });

  if (editing) {
    return (
      <li>
        <form className="profile-passkeys__rename" onSubmit={(e) => void save(e)} noValidate>
          <label htmlFor={inputId} className="visually-hidden">
            New name for {passkey.name}
          </label>
          <input
            id={inputId}
            maxLength={PASSKEY_NAME_MAX}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${inputId}-error` : undefined}
            {...register('name')}
          />
          <button type="submit" className="button button--small button--primary" disabled={disabled}>
            Save
          </button>
          <button type="button" className="button button--small button--ghost" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
        {nameError && (
          <p id={`${inputId}-error`} className="field-error">
            {nameError}
          </p>
        )}
        {problem && <ErrorMessage>{problem}</ErrorMessage>}
      </li>
    );
  }
  return (
    <li>
      <span>
        <strong>{passkey.name}</strong>
        <span className="hint">
          {' '}
          · Added {formatDateTime(passkey.createdAt)} · {passkey.lastUsedAt ? `Last used ${formatDateTime(passkey.lastUsedAt)}` : 'Never used'}
        </span>
      </span>
      <span className="profile-passkeys__buttons">
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={disabled}
          onClick={() => {
            reset({ name: passkey.name });
            setEditing(true);
          }}
          aria-label={`Rename ${passkey.name}`}
        >
          Rename
        </button>
        <button type="button" className="button button--small button--ghost" disabled={disabled} onClick={onRemove} aria-label={`Remove ${passkey.name}`}>
          Remove
        </button>
      </span>
    </li>
  );
}
