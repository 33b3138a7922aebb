import type { PaymentStatus } from '../../../../domain/payments/payments';

/** The payments' reads in the query cache: the payments feature's, and what the profile refreshes when a renewal is asked for. */
export const paymentKeys = {
  all: ['payments'] as const,
  mine: ['payments', 'me'] as const,
  ledger: (status: PaymentStatus | 'all', term = '') => ['payments', 'ledger', status, term] as const,
};
