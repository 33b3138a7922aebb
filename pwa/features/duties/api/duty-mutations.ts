import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../../domain/contract/endpoints';
import { call } from '../../../lib/data/api-client';
import { dutiesKey } from '../../../lib/data/keys/post-keys';

function useDutyWrite<V>(send: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => void queryClient.invalidateQueries({ queryKey: dutiesKey }) });
}

const key = () => crypto.randomUUID();

export const useAddDutyMutation = () => useDutyWrite((body: BodyOf<'POST /duties'>) => call('POST /duties', { body, idempotencyKey: key() }));
