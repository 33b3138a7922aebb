import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../../domain/contract/endpoints';
import { call } from '../../../lib/data/api-client';
import { pollsKey } from '../../../lib/data/keys/post-keys';

export function usePostPollMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'POST /polls'>) => call('POST /polls', { body, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pollsKey }),
  });
}

export function useClosePollMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('POST /polls/:id/close', { params: { id }, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pollsKey }),
  });
}
