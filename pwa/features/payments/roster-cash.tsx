import { useState } from 'react';
import type { RosterOwing } from '../../../domain/contract/members/payments';
import { useKeptRosterOwing } from './api/payment-queries';
import { formatMoney } from '../../lib/ui/format';
import { RecordPaymentModal } from './payment-forms';
import './payments.css';

/**
 * On a workout's page, for whoever handles the club's money: who on the roster owes for the term,
 * from the offline set (so it is there at the pool with no signal), and cash recorded from their row
 * through the device's outbox. Someone recorded here is marked paid, "not yet synced" while the record waits.
 */
export function RosterCash({ workoutId }: { workoutId: number }) {
  const { owing, signups } = useKeptRosterOwing(workoutId);
  const [open, setOpen] = useState<RosterOwing | null>(null);
  const [paid, setPaid] = useState<Map<number, boolean>>(new Map());
  const onRoster = new Set(signups.map((s) => s.user_id));
  const rows = owing.filter((o) => onRoster.has(o.userId));
  if (rows.length === 0) return null;
  return (
    <section className="card roster-cash" aria-labelledby="roster-cash-title">
      <h2 id="roster-cash-title">Owing for the term</h2>
      <ul className="roster-cash__list">
        {rows.map((person) => {
          const owed = person.owes[0]!;
          const synced = paid.get(person.userId);
          return (
            <li key={person.userId} className="roster-cash__row">
              <span>
                {person.name}: {synced === undefined ? `owes ${formatMoney(owed.totalCents, person.currency)} (${owed.item})` : synced ? 'paid' : 'paid (not yet synced)'}
              </span>
              {synced === undefined && (
                <button type="button" className="button button--secondary" onClick={() => setOpen(person)} aria-label={`Record cash for ${person.name}`}>
                  Record cash
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {open && (
        <RecordPaymentModal
          members={[{ id: open.userId, name: open.name }]}
          packages={open.owes.map((p) => p.item)}
          currency={open.currency}
          memberId={open.userId}
          amountCents={open.owes[0]!.totalCents}
          onRecorded={(queued) => setPaid((before) => new Map(before).set(open.userId, !queued))}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
