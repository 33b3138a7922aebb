import { useState } from 'react';
import { DECLINE_REASON_MAX, declineRenewalSchema, type Renewal } from '../../../domain/contract/members/season';
import { useConfirm } from '../../components/confirm-dialog';
import { FormField } from '../../components/form-field';
import { FormFooter } from '../../components/form-footer';
import { Modal } from '../../components/modal';
import { EmptyState, ErrorMessage, LoadError, Loading, Notice } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { useContractForm } from '../../lib/forms/forms';
import { formatDate } from '../../lib/ui/format';
import { useClubToday } from '../../lib/club/club-clock';
import { usePaidQuery, useRenewalsQuery } from './api/admin-queries';
import { useApproveRenewalsMutation, useDeclineRenewalMutation } from './api/admin-mutations';
import { BreakableEmail } from './breakable-email';

const plural = (n: number) => (n === 1 ? '1 renewal' : `${n} renewals`);

/** Admin → Renewals: members' requests to renew, approved many at once or declined with a reason. */
export function RenewalsTab() {
  const renewals = useRenewalsQuery();
  const paid = usePaidQuery().data ?? {};
  const today = useClubToday();
  const approve = useApproveRenewalsMutation();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [declining, setDeclining] = useState<Renewal | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const { confirm, dialog } = useConfirm();

  if (renewals.isPending) return <Loading text="Loading renewal requests…" />;
  if (renewals.error && !renewals.data) {
    return <LoadError onRetry={() => void renewals.refetch()}>{errorMessage(renewals.error, 'Failed to load renewal requests')}</LoadError>;
  }
  const list = renewals.data?.renewals ?? [];
  const open = list.filter((r) => r.status === 'requested');
  const answered = list.filter((r) => r.status !== 'requested').slice(0, 50);
  const chosen = open.filter((r) => selected.has(r.id));

  function toggle(id: number, on: boolean) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function approveChosen() {
    const ok = await confirm({
      title: `Approve ${plural(chosen.length)}?`,
      message: `Each membership will run until the end of the session asked for, and each member gets an email.`,
      confirmLabel: `Approve ${plural(chosen.length)}`,
    });
    if (ok !== true) return;
    setError('');
    try {
      const answer = await approve.mutateAsync(chosen.map((r) => r.id));
      setSelected(new Set());
      setNotice(`${plural(answer.approved)} approved. The members have been emailed.`);
    } catch (err) {
      setError(errorMessage(err, 'Could not approve the renewals. Nothing was changed.'));
    }
  }

  return (
    <div className="admin-renewals">
      <h2>Renewal requests</h2>
      {dialog}
      {notice && <Notice tone="success">{notice}</Notice>}
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {open.length === 0 ? (
        <EmptyState>No renewal requests waiting.</EmptyState>
      ) : (
        <>
          <div className="bulk-bar bulk-bar--inline">
            <label className="admin-checkbox">
              <input
                type="checkbox"
                checked={chosen.length === open.length}
                onChange={(e) => setSelected(e.target.checked ? new Set(open.map((r) => r.id)) : new Set())}
              />
              Select all {open.length}
            </label>
            <button
              type="button"
              className="button button--primary"
              disabled={chosen.length === 0 || approve.isPending}
              onClick={() => void approveChosen()}
            >
              {approve.isPending ? 'Approving…' : chosen.length > 0 ? `Approve ${plural(chosen.length)}` : 'Approve selected'}
            </button>
          </div>
          <ul className="renewal-list">
            {open.map((r) => (
              <li key={r.id} className="card renewal-card">
                <label className="admin-checkbox renewal-card__select">
                  <input type="checkbox" checked={selected.has(r.id)} onChange={(e) => toggle(r.id, e.target.checked)} />
                  <span className="visually-hidden">Select {r.name}</span>
                </label>
                <div className="renewal-card__body">
                  <h3 className="renewal-card__name">{r.name}</h3>
                  <p className="renewal-card__meta">
                    <BreakableEmail email={r.email} />
                  </p>
                  <p className="renewal-card__meta">
                    Asks for <strong>{r.sessionName}</strong> (until {formatDate(r.sessionEnds, 'medium')}).{' '}
                    {!r.currentExpiry
                      ? 'No expiry set now.'
                      : today !== null && r.currentExpiry < today
                        ? `Ended ${formatDate(r.currentExpiry, 'medium')}.`
                        : `Now until ${formatDate(r.currentExpiry, 'medium')}.`}
                  </p>
                  <p className="renewal-card__meta">
                    Payment: {(() => {
                      const last = paid[r.memberId];
                      return last && last.paidAt >= r.requestedAt ? last.summary : 'none recorded since the request';
                    })()}
                  </p>
                </div>
                <button type="button" className="button" onClick={() => setDeclining(r)} aria-label={`Decline ${r.name}`}>
                  Decline…
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {answered.length > 0 && (
        <details className="renewals-answered">
          <summary>Answered recently ({answered.length})</summary>
          <ul>
            {answered.map((r) => (
              <li key={r.id}>
                {r.name}: {r.sessionName}, {r.status === 'approved' ? 'approved' : `declined (${r.reason ?? ''})`}
              </li>
            ))}
          </ul>
        </details>
      )}
      {declining && (
        <DeclineModal
          renewal={declining}
          onClose={() => setDeclining(null)}
          onDeclined={() => {
            toggle(declining.id, false);
            setDeclining(null);
            setNotice(`${declining.name}'s request was declined. They have been emailed the reason.`);
          }}
        />
      )}
    </div>
  );
}

function DeclineModal({ renewal, onClose, onDeclined }: { renewal: Renewal; onClose: () => void; onDeclined: () => void }) {
  const [error, setError] = useState('');
  const decline = useDeclineRenewalMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm<{ reason: string }>(declineRenewalSchema, { defaultValues: { reason: '' } });
  const submit = handleSubmit(async ({ reason }) => {
    setError('');
    try {
      await decline.mutateAsync({ id: renewal.id, reason });
      onDeclined();
    } catch (err) {
      setError(errorMessage(err, 'Could not decline the request. Please try again.'));
    }
  });
  return (
    <Modal title={`Decline ${renewal.name}'s renewal`} onClose={onClose}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <FormField label="Reason (sent to the member)" error={errors.reason?.message}>
          {(control) => <textarea {...control} data-autofocus rows={3} maxLength={DECLINE_REASON_MAX} {...register('reason')} />}
        </FormField>
        {(error || errors.root?.message) && <ErrorMessage>{error || errors.root?.message}</ErrorMessage>}
        <FormFooter submitLabel="Decline request" busy={decline.isPending} busyLabel="Declining…" tone="danger" />
      </form>
    </Modal>
  );
}
