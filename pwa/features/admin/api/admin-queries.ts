import { call } from '../../../lib/data/api-client';
import { useRead } from '../../../lib/data/read';

export const adminKeys = {
  all: ['admin'] as const,
  members: () => [...adminKeys.all, 'members'] as const,
  messages: () => [...adminKeys.all, 'messages'] as const,
  typeUsage: () => [...adminKeys.all, 'workout-type-usage'] as const,
  paid: () => [...adminKeys.all, 'paid'] as const,
};

export function useMembersQuery() {
  return useRead({
    queryKey: adminKeys.members(),
    queryFn: ({ signal }) => call('GET /admin/members', { signal }),
  });
}

/** Every email and push notification the server has sent or queued, with its status (the admin Messages tab). */
export function useMessagesQuery() {
  return useRead({
    queryKey: adminKeys.messages(),
    queryFn: ({ signal }) => call('GET /admin/outbox', { signal }),
  });
}

/** How many workouts each workout type has (Admin → Sports: those are retired, not removed). */
export function useTypeUsageQuery() {
  return useRead({
    queryKey: adminKeys.typeUsage(),
    queryFn: ({ signal }) => call('GET /forum/workout-types/usage', { signal }),
  });
}

/** Renewal requests, open ones first (Admin → Renewals). */
export function useRenewalsQuery() {
  return useRead({
    queryKey: [...adminKeys.all, 'renewals'],
    queryFn: ({ signal }) => call('GET /admin/renewals', { signal }),
  });
}

/** How each account last paid a membership (the ledger's paid payments), by account: the pending list and the renewals show it. */
export function usePaidQuery() {
  return useRead({
    queryKey: adminKeys.paid(),
    queryFn: async ({ signal }) => {
      const { payments } = await call('GET /payments', { query: { status: 'paid' }, signal });
      const byMember: Record<number, { summary: string; paidAt: number }> = {};
      for (const p of payments)
        if (p.userId !== null && p.kind === 'membership' && p.refundedCents < p.amountCents) byMember[p.userId] ??= { summary: p.summary, paidAt: p.paidAt ?? p.createdAt };
      return byMember;
    },
  });
}
