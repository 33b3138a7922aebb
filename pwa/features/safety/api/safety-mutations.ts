import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../../domain/contract/endpoints';
import type { MySafetyAnswer } from '../../../../domain/contract/members/safety';
import { call } from '../../../lib/data/api-client';
import { safetyKeys } from './safety-queries';

function useMyWrite<V>(send: (v: V) => Promise<MySafetyAnswer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (answer) => client.setQueryData(safetyKeys.me, answer) });
}

const key = () => crypto.randomUUID();

export const useSaveCardMutation = () => useMyWrite((body: BodyOf<'PUT /safety/me'>) => call('PUT /safety/me', { body, idempotencyKey: key() }));
export const useRemoveCardMutation = () => useMyWrite(() => call('DELETE /safety/me', { idempotencyKey: key() }));
export const useSignWaiverMutation = () => useMyWrite((body: BodyOf<'POST /safety/waiver'>) => call('POST /safety/waiver', { body, idempotencyKey: key() }));
