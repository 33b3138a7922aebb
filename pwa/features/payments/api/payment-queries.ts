import type { PaymentStatus } from '../../../../domain/payments/payments';
import { call } from '../../../lib/data/api-client';
import { useRead } from '../../../lib/data/read';
import { rosterOwingKey } from '../../../lib/data/offline-set';
import { paymentKeys } from '../../../lib/data/keys/payment-keys';
import { forumKeys } from '../../../lib/data/keys/post-keys';
import type { RosterOwing } from '../../../../domain/contract/members/payments';


/** What the signed-in account owes, has paid and was refunded. */
export function useMyPaymentsQuery() {
  return useRead({ queryKey: paymentKeys.mine, queryFn: ({ signal }) => call('GET /payments/me', { signal }) });
}

/** The ledger's query: one status or all, one term ('' for all). */
export function ledgerQuery(status: PaymentStatus | 'all', term: string): Record<string, string> {
  return { ...(status === 'all' ? {} : { status }), ...(term ? { term } : {}) };
}

/** The treasurer's ledger, of one status or all, of one term or all. */
export function useLedgerQuery(status: PaymentStatus | 'all', term = '') {
  return useRead({
    queryKey: paymentKeys.ledger(status, term),
    queryFn: ({ signal }) => call('GET /payments', { query: ledgerQuery(status, term), signal }),
  });
}

/**
 * Who on the rosters this device carries owes for the term, and a workout's roster: both only as kept
 * on the device (the offline set and the workout's page put them there), never read on their own.
 */
export function useKeptRosterOwing(workoutId: number) {
  const owing = useRead<RosterOwing[]>({ queryKey: rosterOwingKey, queryFn: async () => [], enabled: false });
  const page = useRead({ queryKey: forumKeys.workout(workoutId), queryFn: ({ signal }) => call('GET /forum/workouts/:id', { params: { id: workoutId }, signal }), enabled: false });
  return { owing: owing.data ?? [], signups: page.data?.signups ?? [] };
}
