import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../../domain/contract/endpoints';
import { call } from '../../../lib/data/api-client';
import { announcementsKey } from '../../../lib/data/keys/post-keys';

export function usePostAnnouncementMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'POST /announcements'>) => call('POST /announcements', { body, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: announcementsKey }),
  });
}

export function useRemoveAnnouncementMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /announcements/:id', { params: { id }, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: announcementsKey }),
  });
}
