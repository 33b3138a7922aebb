import type { PaymentStatus } from '../../../../domain/payments/payments';
import { call } from '../../../lib/data/api-client';
import { useRead } from '../../../lib/data/read';

export const paymentKeys = {
  all: ['payments'] as const,
  mine: ['payments', 'me'] as const,
  ledger: (status: PaymentStatus | 'all', term = '') => ['payments', 'ledger', status, term] as const,
};

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
