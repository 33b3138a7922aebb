import { useState } from 'react';
import type { MemberListEntry } from '../../../domain/contract/members/admin';
import { useConfirm } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/data/api-client';
import { useRemoveMemberPasskeysMutation } from './api/admin-mutations';

/** A member's passkey count in the members table, with a way to remove them all (a lost phone). */
export function MemberPasskeys({ member }: { member: MemberListEntry }) {
  const { confirm, dialog } = useConfirm();
  const remove = useRemoveMemberPasskeysMutation();
  const [problem, setProblem] = useState('');
  // An answer from a server older than passkeys has no count.
  const count = member.passkeyCount ?? 0;

  async function removeAll() {
    const ok = await confirm({
      title: `Remove ${member.name}'s passkeys?`,
      message: `${count === 1 ? 'Their passkey' : `All ${count} of their passkeys`} will no longer sign in. They sign in with their password, and can add passkeys again from their profile.`,
      confirmLabel: 'Remove passkeys',
    });
    if (!ok) return;
    setProblem('');
    try {
      await remove.mutateAsync(member.id);
    } catch (err) {
      setProblem(errorMessage(err, 'Could not remove the passkeys'));
    }
  }

  return (
    <>
      {count}
      {count > 0 && (
        <>
          {' '}
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={remove.isPending}
            onClick={() => void removeAll()}
            aria-label={`Remove the passkeys of ${member.name}`}
          >
            {remove.isPending ? 'Removing…' : 'Remove'}
          </button>
        </>
      )}
      {problem && (
        <span className="field-hint field-hint--bad" role="alert">
          {problem}
        </span>
      )}
      {dialog}
    </>
  );
}
