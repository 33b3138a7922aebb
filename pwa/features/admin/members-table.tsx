import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { DELETE_MEMBER_CONFIRM, type MemberListEntry } from '../../../domain/contract/members/admin';
import { ROLE_LABELS, type Role } from '../../../domain/contract/roles';
import { ActionMenu } from '../../components/action-menu';
import { useConfirm } from '../../components/confirm-dialog';
import { EmptyState, ErrorMessage } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { useDeleteMemberMutation } from './api/admin-mutations';
import { MemberPasskeys } from './member-passkeys';
import { useSession } from '../../lib/session/session';
import { RoleBadge, dateOrNotSet } from './role-badge';
import { BreakableEmail } from './breakable-email';
import { BulkBar } from './bulk-bar';
import { expiresSoon, matchesSearch } from './member-filters';
import { useClubToday } from '../../lib/club/club-clock';
import { showClubPhone } from '../../lib/club/club-phone';

interface Props {
  members: MemberListEntry[];
  onEdit: (member: MemberListEntry) => void;
  onDeleted: (member: MemberListEntry) => void;
  /** A bulk action finished: the message to show. */
  onBulkDone: (message: string) => void;
}

const ROLE_FILTERS: Role[] = ['member', 'exec', 'administrator', 'pending', 'rejected'];

/**
 * All Members: search by name or email, filter by role and by expiry soon, select rows for the bulk
 * actions. The whole list is in hand (GET /admin/members is one page), so the filters run here.
 * On a phone each row is a compact card; Delete sits behind the row's menu.
 */
export function MembersTable({ members, onEdit, onDeleted, onBulkDone }: Props) {
  const { user } = useSession();
  const today = useClubToday();
  const [error, setError] = useState('');
  const [deleting, setDeleting] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<'' | Role>('');
  const [soon, setSoon] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const { confirm, dialog } = useConfirm();
  const deleteMember = useDeleteMemberMutation();
  const searchId = useId();
  const roleId = useId();

  const shown = useMemo(
    () =>
      members.filter(
        (m) => matchesSearch(m, search) && (!role || m.role === role) && (!soon || (today !== null && expiresSoon(m, today))),
      ),
    [members, search, role, soon, today],
  );
  const shownSelected = shown.filter((m) => selected.has(m.id));
  const allShownSelected = shown.length > 0 && shownSelected.length === shown.length;

  function toggle(id: number, on: boolean) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function toggleAll(on: boolean) {
    setSelected((prev) => {
      const next = new Set(prev);
      for (const m of shown) {
        if (on) next.add(m.id);
        else next.delete(m.id);
      }
      return next;
    });
  }

  async function remove(member: MemberListEntry) {
    if (!(await confirm({ title: `Delete ${member.name}?`, message: DELETE_MEMBER_CONFIRM, confirmLabel: 'Delete' }))) return;
    setError('');
    setDeleting(member.id);
    try {
      await deleteMember.mutateAsync(member.id);
      toggle(member.id, false);
      onDeleted(member);
    } catch (err) {
      setError(errorMessage(err, 'Failed to delete the member. Please try again.'));
    } finally {
      setDeleting(null);
    }
  }

  const filtered = search !== '' || role !== '' || soon;
  return (
    <>
      <div className="alert alert--warning" role="note">
        <strong>Delete is permanent.</strong> It removes the account, its places in workouts to come, waitlist
        places, RSVPs and race signups; workouts that already happened keep a place for &ldquo;Former member&rdquo;,
        without name or email. It cannot be undone.
      </div>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {dialog}

      <div className="members-filters" role="search" aria-label="Find members">
        <div className="field members-filters__search">
          <label htmlFor={searchId}>Search by name or email</label>
          <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor={roleId}>Role</label>
          <select id={roleId} value={role} onChange={(e) => setRole(e.target.value as '' | Role)}>
            <option value="">All roles</option>
            {ROLE_FILTERS.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <label className="admin-checkbox members-filters__soon">
          <input type="checkbox" checked={soon} onChange={(e) => setSoon(e.target.checked)} />
          Expires within 30 days or expired
        </label>
      </div>
      <div className="members-count">
        <p role="status">{filtered ? `${shown.length} of ${members.length} accounts match` : `${members.length} accounts`}</p>
        {shown.length > 0 && (
          <label className="admin-checkbox">
            <input type="checkbox" checked={allShownSelected} onChange={(e) => toggleAll(e.target.checked)} />
            {filtered ? `Select all ${shown.length} that match` : `Select all ${shown.length}`}
          </label>
        )}
      </div>

      <BulkBar
        members={members.filter((m) => selected.has(m.id))}
        selfId={user?.id ?? null}
        confirm={confirm}
        onClear={() => setSelected(new Set())}
        onDone={onBulkDone}
      />

      {members.length === 0 ? (
        <EmptyState>No members yet.</EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState>No account matches. Clear the search or the filters.</EmptyState>
      ) : (
        <div className="table-wrap members-table">
          <table>
            <caption className="visually-hidden">All club accounts</caption>
            <thead>
              <tr>
                <th scope="col" className="members-table__select">
                  <span className="visually-hidden">Selected</span>
                </th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Phone</th>
                <th scope="col">Join Date</th>
                <th scope="col">Expiry Date</th>
                <th scope="col">Absences</th>
                <th scope="col">Charter</th>
                <th scope="col">Passkeys</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((m) => {
                const self = m.id === user?.id;
                return (
                  <tr key={m.id} className={selected.has(m.id) ? 'is-selected' : undefined}>
                    <td className="members-table__select">
                      <label className="members-table__check">
                        <input type="checkbox" checked={selected.has(m.id)} onChange={(e) => toggle(m.id, e.target.checked)} />
                        <span className="visually-hidden">Select {m.name}</span>
                      </label>
                    </td>
                    <th scope="row" data-label="Name">
                      <Link to={`/attendance/members/${m.id}`} title={`Attendance of ${m.name}`}>
                        {m.name}
                      </Link>
                      {self && <span className="admin-you"> (you)</span>}
                    </th>
                    <td data-label="Email" className="members-table__email">
                      <BreakableEmail email={m.email} />
                    </td>
                    <td data-label="Role" className="members-table__role">
                      <RoleBadge role={m.role} />
                    </td>
                    <td data-label="Phone" className="members-table__minor">{showClubPhone(m.phone_number) || 'Not set'}</td>
                    <td data-label="Join Date" className="members-table__minor">{dateOrNotSet(m.join_date)}</td>
                    <td data-label="Expiry Date" className="members-table__expiry">
                      {dateOrNotSet(m.expiry_date)}
                      {m.expired && <span className="badge admin-expired">Expired</span>}
                    </td>
                    <td data-label="Absences" className="members-table__minor">{m.absences}</td>
                    <td data-label="Charter" className="members-table__minor">{m.charter_accepted ? 'Yes' : 'No'}</td>
                    <td data-label="Passkeys" className={(m.passkeyCount ?? 0) > 0 ? undefined : 'members-table__minor'}>
                      <MemberPasskeys member={m} />
                    </td>
                    <td className="members-table__actions">
                      <div className="members-table__buttons">
                        <button
                          type="button"
                          className="button button--small"
                          onClick={() => onEdit(m)}
                          aria-label={`Edit ${m.name}`}
                        >
                          Edit
                        </button>
                        {!self && (
                          <ActionMenu label={`More actions for ${m.name}`}>
                            <button
                              type="button"
                              className="action-menu__item action-menu__item--danger"
                              onClick={() => void remove(m)}
                              disabled={deleting === m.id}
                              aria-label={`Delete ${m.name}`}
                            >
                              {deleting === m.id ? 'Deleting…' : 'Delete…'}
                            </button>
                          </ActionMenu>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
