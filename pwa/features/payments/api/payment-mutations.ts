import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../../domain/contract/endpoints';
import { call } from '../../../lib/data/api-client';
import { performWrite } from '../../../lib/offline/perform-write';
import { paymentKeys } from '../../../lib/data/keys/payment-keys';

/** Starts a checkout for a package or a request made to the member: the answer is where the browser goes to pay. */
export function useCheckoutMutation() {
  return useMutation({ mutationFn: (body: BodyOf<'POST /payments/checkout'>) => call('POST /payments/checkout', { body }) });
}

/** Asks members for a one-off payment (kit, a camp). */
export function usePaymentRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'POST /payments/requests'>) => call('POST /payments/requests', { body, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

/** The return from Checkout: the server asks Stripe and settles the payment, whichever of it and the webhook comes first. */
export function useReturnMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => call('POST /payments/return', { body: { sessionId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

/** A refund, under the form's Idempotency-Key: sent again after a lost answer, it is answered, not made twice. */
export function useRefundMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, idempotencyKey }: { id: number; body: BodyOf<'POST /payments/:id/refunds'>; idempotencyKey: string }) =>
      call('POST /payments/:id/refunds', { params: { id }, body, idempotencyKey }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

/** Reminds those who owe (each at most once in the club's days). */
export function useRemindMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /payments/reminders', { idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

/** A member's own price or exemption, set or cleared (null). */
export function useMemberPriceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: number; body: BodyOf<'PUT /payments/members/:id/price'> | null }) =>
      body === null
        ? call('DELETE /payments/members/:id/price', { params: { id: userId }, idempotencyKey: crypto.randomUUID() })
        : call('PUT /payments/members/:id/price', { params: { id: userId }, body, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

/**
 * Records money handed over through the device's outbox, like attendance: with no signal at the pool
 * it waits on the device with its Idempotency-Key and lands once.
 */
export function useRecordPaymentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (record: BodyOf<'POST /payments/record'>) => performWrite({ kind: 'payment-record', record }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}
