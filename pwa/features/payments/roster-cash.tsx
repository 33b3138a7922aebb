import { useState } from 'react';
import type { RosterOwing } from '../../../domain/contract/members/payments';
import { useKeptRosterOwing } from './api/payment-queries';
import { formatMoney } from '../../lib/ui/format';
import { RecordPaymentModal } from './payment-forms';
import './payments.css';

/** One thing a person on the roster owes: the term's membership, or a payment request. */
interface Owed {
  /** The form's "For": the package's name, or 'request:<id>'. */
  choice: string;
  item: string;
  totalCents: number;
  /** The button's name: the membership keeps the plain one, a request adds its title. */
  label: string;
  request: boolean;
}

function owedBy(person: RosterOwing): Owed[] {
  const membership = person.owes[0];
  return [
    ...(membership ? [{ choice: membership.item, item: membership.item, totalCents: membership.totalCents, label: `Record cash for ${person.name}`, request: false }] : []),
    ...(person.requests ?? []).map((r) => ({ choice: `request:${r.id}`, item: r.title, totalCents: r.amountCents, label: `Record cash for ${person.name}: ${r.title}`, request: true })),
  ];
}

/**
 * On a workout's page, for whoever handles the club's money: who on the roster owes the club (the
 * term's membership, a payment request), from the offline set (so it is there at the pool with no
 * signal), and cash recorded from their row through the device's outbox. What is recorded here is
 * marked paid, "not yet synced" while the record waits.
 */
export function RosterCash({ workoutId }: { workoutId: number }) {
  const { owing, signups } = useKeptRosterOwing(workoutId);
  const [open, setOpen] = useState<{ person: RosterOwing; owed: Owed } | null>(null);
  const [paid, setPaid] = useState<Map<string, boolean>>(new Map());
  const onRoster = new Set(signups.map((s) => s.user_id));
  const rows = owing.filter((o) => onRoster.has(o.userId)).flatMap((person) => owedBy(person).map((owed) => ({ person, owed })));
  if (rows.length === 0) return null;
  const keyOf = (person: RosterOwing, owed: Owed) => `${person.userId} ${owed.choice}`;
  return (
    <section className="card roster-cash" aria-labelledby="roster-cash-title">
      <h2 id="roster-cash-title">Owing for the term</h2>
      <ul className="roster-cash__list">
        {rows.map(({ person, owed }) => {
          const synced = paid.get(keyOf(person, owed));
          return (
            <li key={keyOf(person, owed)} className="roster-cash__row">
              <span>
                {person.name}: {synced === undefined ? `owes ${formatMoney(owed.totalCents, person.currency)} (${owed.item})` : `paid${owed.request ? ` (${owed.item}${synced ? '' : ', not yet synced'})` : synced ? '' : ' (not yet synced)'}`}
              </span>
              {synced === undefined && (
                <button type="button" className="button button--secondary" onClick={() => setOpen({ person, owed })} aria-label={owed.label}>
                  Record cash
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {open && (
        <RecordPaymentModal
          members={[{ id: open.person.userId, name: open.person.name }]}
          packages={open.person.owes.map((p) => p.item)}
          requests={(open.person.requests ?? []).map((r) => ({ id: r.id, title: r.title }))}
          choice={open.owed.choice}
          currency={open.person.currency}
          memberId={open.person.userId}
          amountCents={open.owed.totalCents}
          onRecorded={(queued) => setPaid((before) => new Map(before).set(keyOf(open.person, open.owed), !queued))}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
