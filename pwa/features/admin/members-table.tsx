import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DELETE_MEMBER_CONFIRM, type MemberListEntry } from '../../../domain/contract/admin';
import { useConfirm } from '../../components/confirm-dialog';
import { EmptyState, ErrorMessage } from '../../components/status';
import { ApiError } from '../../lib/data/api-client';
import { useDeleteMemberMutation } from './api/admin-queries';
import { MemberPasskeys } from './member-passkeys';
import { useSession } from '../../lib/session/session';
import { RoleBadge, dateOrNotSet } from './role-badge';
import { BreakableEmail } from './breakable-email';

interface Props {
  members: MemberListEntry[];
  onEdit: (member: MemberListEntry) => void;
  onDeleted: (member: MemberListEntry) => void;
}

/** All Members: one row per account; on a phone each row becomes a card (see admin.css). */
export function MembersTable({ members, onEdit, onDeleted }: Props) {
  const { user } = useSession();
  const [error, setError] = useState('');
  const [deleting, setDeleting] = useState<number | null>(null);
  const { confirm, dialog } = useConfirm();
  const deleteMember = useDeleteMemberMutation();

  async function remove(member: MemberListEntry) {
    if (!(await confirm({ title: `Delete ${member.name}?`, message: DELETE_MEMBER_CONFIRM, confirmLabel: 'Delete' }))) return;
    setError('');
    setDeleting(member.id);
    try {
      await deleteMember.mutateAsync(member.id);
      onDeleted(member);
    } catch (err) {
      setError(`Failed to delete user: ${err instanceof ApiError ? err.message : 'Unknown error'}`);
    } finally {
      setDeleting(null);
    }
  }

  return (
    <>
      <div className="alert alert--warning" role="note">
        <strong>Delete is permanent.</strong> It removes the account and all its signups, waitlist places,
        RSVPs and race signups. It cannot be undone.
      </div>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {dialog}
      {members.length === 0 ? (
        <EmptyState>No members yet.</EmptyState>
      ) : (
        <div className="table-wrap members-table">
          <table>
            <caption className="visually-hidden">All club accounts</caption>
            <thead>
              <tr>
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
              {members.map((m) => {
                const self = m.id === user?.id;
                return (
                  <tr key={m.id}>
                    <th scope="row" data-label="Name">
                      <Link to={`/attendance/members/${m.id}`} title={`Attendance of ${m.name}`}>
                        {m.name}
                      </Link>
                      {self && <span className="admin-you"> (you)</span>}
                    </th>
                    <td data-label="Email" className="members-table__email">
                      <BreakableEmail email={m.email} />
                    </td>
                    <td data-label="Role">
                      <RoleBadge role={m.role} />
                    </td>
                    <td data-label="Phone">{m.phone_number || 'Not set'}</td>
                    <td data-label="Join Date">{dateOrNotSet(m.join_date)}</td>
                    <td data-label="Expiry Date">
                      {dateOrNotSet(m.expiry_date)}
                      {m.expired && <span className="badge admin-expired">Expired</span>}
                    </td>
                    <td data-label="Absences">{m.absences}</td>
                    <td data-label="Charter">{m.charter_accepted ? 'Yes' : 'No'}</td>
                    <td data-label="Passkeys">
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
                          <button
                            type="button"
                            className="button button--small button--danger"
                            onClick={() => void remove(m)}
                            disabled={deleting === m.id}
                            aria-label={`Delete ${m.name}`}
                          >
                            {deleting === m.id ? 'Deleting…' : 'Delete'}
                          </button>
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
