import type { PaymentStatus } from '../../../../domain/payments/payments';
import { call } from '../../../lib/data/api-client';
import { useRead } from '../../../lib/data/read';

export const paymentKeys = {
  all: ['payments'] as const,
  mine: ['payments', 'me'] as const,
  ledger: (status: PaymentStatus | 'all') => ['payments', 'ledger', status] as const,
};

/** What the signed-in account owes, has paid and was refunded. */
export function useMyPaymentsQuery() {
  return useRead({ queryKey: paymentKeys.mine, queryFn: ({ signal }) => call('GET /payments/me', { signal }) });
}

/** The treasurer's ledger, of one status or all. */
export function useLedgerQuery(status: PaymentStatus | 'all') {
  return useRead({
    queryKey: paymentKeys.ledger(status),
    queryFn: ({ signal }) => call('GET /payments', { query: status === 'all' ? {} : { status }, signal }),
  });
}
