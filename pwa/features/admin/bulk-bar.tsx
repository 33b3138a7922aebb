import { useId, useState } from 'react';
import type { MemberListEntry } from '../../../domain/contract/members/admin';
import { termChoices } from '../../../domain/calendar';
import { useClubTerms } from '../../lib/club/club-terms';
import { BULK_ROLES, demoteAdminsMessage } from '../../../domain/contract/members/season';
import { ROLE_LABELS } from '../../../domain/contract/roles';
import type { ConfirmOptions } from '../../components/confirm-dialog';
import { DownloadButton } from '../../components/download-button';
import { ErrorMessage } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { ApiError } from '../../lib/data/api-error';
import { useClubToday } from '../../lib/club/club-clock';
import { formatDate } from '../../lib/ui/format';
import { useBulkMembersMutation } from './api/admin-mutations';

interface Props {
  /** The selected accounts. */
  members: MemberListEntry[];
  selfId: number | null;
  confirm: (options: ConfirmOptions) => Promise<boolean | 'alternative'>;
  onClear: () => void;
  onDone: (message: string) => void;
}

const plural = (n: number) => (n === 1 ? '1 member' : `${n} members`);

/** A refusal that names administrators a bulk role change would demote (409 with `administrators`). */
function refusedAdmins(err: unknown): boolean {
  return err instanceof ApiError && err.status === 409 && Array.isArray(err.body.administrators) && err.body.administrators.length > 0;
}

/** What to do with the selected rows: set the expiry to a session's end, set a role, export as CSV. */
export function BulkBar({ members, selfId, confirm, onClear, onDone }: Props) {
  const today = useClubToday();
  const terms = useClubTerms();
  const sessions = today ? termChoices(terms, today) : [];
  const [session, setSession] = useState('');
  const [role, setRole] = useState<(typeof BULK_ROLES)[number]>('member');
  const [error, setError] = useState('');
  const bulk = useBulkMembersMutation();
  const sessionId = useId();
  const roleId = useId();
  const chosenSession = sessions.find((s) => s.id === session) ?? sessions[0];
  const count = members.length;
  if (count === 0) return null;
  const ids = members.map((m) => m.id);

  async function setExpiry() {
    if (!chosenSession) return;
    const ok = await confirm({
      title: `Set the expiry of ${plural(count)}?`,
      message: `${plural(count)} will have their membership run until ${formatDate(chosenSession.ends, 'medium')} (end of ${chosenSession.name}). Pending and rejected accounts are left as they are.`,
      confirmLabel: `Set expiry for ${plural(count)}`,
    });
    if (ok !== true) return;
    await run({ action: 'set-expiry', ids, session: chosenSession.id }, `end of ${chosenSession.name}`);
  }

  async function setRoles() {
    if (selfId !== null && ids.includes(selfId)) {
      setError('Leave yourself out of the selection to change roles in bulk.');
      return;
    }
    // Another administrator caught in a "select all" is named before anything is sent.
    const admins = members.filter((m) => m.role === 'administrator').map((m) => m.name);
    const ok = await confirm({
      title: `Make ${plural(count)} ${ROLE_LABELS[role]}?`,
      message: `${plural(count)} will have the role ${ROLE_LABELS[role]}. ${admins.length > 0 ? `${demoteAdminsMessage(admins)} ` : ''}Pending and rejected accounts are left as they are.`,
      confirmLabel: `Set role for ${plural(count)}`,
    });
    if (ok !== true) return;
    await run({ action: 'set-role', ids, role, ...(admins.length > 0 && { confirmDemoteAdmins: true }) }, ROLE_LABELS[role]);
  }

  async function run(body: Parameters<typeof bulk.mutateAsync>[0], what: string) {
    setError('');
    try {
      const answer = await bulk.mutateAsync(body);
      onClear();
      onDone(
        `${plural(answer.updated)} updated (${what})${answer.skipped > 0 ? `; ${answer.skipped} left as they were` : ''}.`,
      );
    } catch (err) {
      // The list on screen was older than the club's: the server names the administrators it found.
      if (body.action === 'set-role' && !body.confirmDemoteAdmins && refusedAdmins(err)) {
        const again = await confirm({
          title: 'Take the administrator role away?',
          message: errorMessage(err, 'The selection holds administrators: changing roles in bulk would take that role away.'),
          confirmLabel: `Set role for ${plural(count)}`,
        });
        if (again === true) await run({ ...body, confirmDemoteAdmins: true }, what);
        return;
      }
      setError(errorMessage(err, 'The change could not be saved. Nothing was changed.'));
    }
  }

  return (
    <section className="bulk-bar" aria-label="Selected members">
      <p className="bulk-bar__count">
        <strong>{count} selected</strong>{' '}
        <button type="button" className="button button--small button--ghost" onClick={onClear}>
          Clear selection
        </button>
      </p>
      <div className="bulk-bar__actions">
        <div className="bulk-bar__group">
          <label htmlFor={sessionId}>Expiry</label>
          <select id={sessionId} value={chosenSession?.id ?? ''} onChange={(e) => setSession(e.target.value)}>
            {sessions.map((s) => (
              <option key={s.id} value={s.id}>
                End of {s.name} ({formatDate(s.ends, 'medium')})
              </option>
            ))}
          </select>
          <button type="button" className="button" onClick={() => void setExpiry()} disabled={bulk.isPending || !chosenSession}>
            Set expiry
          </button>
        </div>
        <div className="bulk-bar__group">
          <label htmlFor={roleId}>Role</label>
          <select id={roleId} value={role} onChange={(e) => setRole(e.target.value as (typeof BULK_ROLES)[number])}>
            {BULK_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
          <button type="button" className="button" onClick={() => void setRoles()} disabled={bulk.isPending}>
            Set role
          </button>
        </div>
        <DownloadButton
          path={`/reports/members.csv?ids=${ids.join(',')}`}
          fallbackName="members-selected.csv"
          label={`Export ${count} as CSV`}
        />
      </div>
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </section>
  );
}
