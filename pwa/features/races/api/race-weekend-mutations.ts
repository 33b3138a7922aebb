import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../../domain/contract/endpoints';
import { call } from '../../../lib/data/api-client';
import { raceKeys } from '../../../lib/data/keys/race-keys';
import { performWrite } from '../../../lib/offline/perform-write';

// Entries, lifts and results: each write then reloads the race's page, which holds them all. Taking
// a place and entering one's result go through performWrite, so they are kept offline and replayed;
// offering, changing and withdrawing a lift go straight to the server, so the driver sees a refusal.

function useRaceWrite<V, R>(raceId: number, write: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: raceKeys.detail(String(raceId)) }),
  });
}

export function useEntryMutation(raceId: number) {
  return useRaceWrite(raceId, (body: BodyOf<'PUT /races/:id/entry'>) =>
    call('PUT /races/:id/entry', { params: { id: raceId }, body, idempotencyKey: crypto.randomUUID() }),
  );
}

export function useOfferLiftMutation(raceId: number) {
  return useRaceWrite(raceId, ({ body, idempotencyKey }: { body: BodyOf<'POST /races/:id/lifts'>; idempotencyKey: string }) =>
    call('POST /races/:id/lifts', { params: { id: raceId }, body, idempotencyKey }),
  );
}

/** The driver changes their lift (the server tells its riders of a new time). */
export function useChangeLiftMutation(raceId: number) {
  return useRaceWrite(
    raceId,
    ({ liftId, body, idempotencyKey }: { liftId: number; body: BodyOf<'PUT /races/:id/lifts/:liftId'>; idempotencyKey: string }) =>
      call('PUT /races/:id/lifts/:liftId', { params: { id: raceId, liftId }, body, idempotencyKey }),
  );
}

export function useWithdrawLiftMutation(raceId: number) {
  return useRaceWrite(raceId, (liftId: number) =>
    call('DELETE /races/:id/lifts/:liftId', { params: { id: raceId, liftId }, idempotencyKey: crypto.randomUUID() }),
  );
}

export function useLiftPlaceMutation(raceId: number) {
  return useRaceWrite(raceId, (vars: { liftId: number; place: 'seat' | 'bike'; taken: boolean }) =>
    performWrite({ kind: 'lift-place', raceId, ...vars }),
  );
}

export function useLookingForLiftMutation(raceId: number) {
  return useRaceWrite(raceId, (looking: boolean) =>
    call(looking ? 'POST /races/:id/looking-for-lift' : 'DELETE /races/:id/looking-for-lift', {
      params: { id: raceId },
      idempotencyKey: crypto.randomUUID(),
    }),
  );
}

/** One's own result through the outbox; an exec's entry for someone else straight to the server. */
export function useResultMutation(raceId: number) {
  /** Answers whether the result was kept on the device to be sent later. */
  return useRaceWrite(raceId, async ({ userId, result }: { userId: number | null; result: BodyOf<'PUT /races/:id/result'> }) => {
    if (userId === null) return (await performWrite({ kind: 'race-result', raceId, result })).status === 'queued';
    await call('PUT /races/:id/results/:userId', { params: { id: raceId, userId }, body: result, idempotencyKey: crypto.randomUUID() });
    return false;
  });
}
