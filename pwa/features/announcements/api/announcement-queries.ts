import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnnouncementsAnswer } from '../../../../domain/contract/announcements';
import type { BodyOf } from '../../../../domain/contract/endpoints';
import { call } from '../../../lib/data/api-client';
import { useRead } from '../../../lib/data/read';

export const announcementsKey = ['announcements'] as const;

/** The club's current announcements, newest first; kept on the device like every signed-in read. */
export function useAnnouncementsQuery() {
  return useRead({ queryKey: announcementsKey, queryFn: ({ signal }) => call('GET /announcements', { signal }), refetchInterval: 5 * 60_000 });
}

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

/**
 * Dismisses one for the member on all their devices. Home hides it at once from the device's own
 * record (dismissed.ts); the kept list says `dismissed` only once the server has it, so a send that
 * failed (offline) is tried again on a later visit (pinned-announcements.tsx).
 */
export function useDismissAnnouncementMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('POST /announcements/:id/dismiss', { params: { id } }),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<AnnouncementsAnswer>(announcementsKey, (old) =>
        old ? { announcements: old.announcements.map((a) => (a.id === id ? { ...a, dismissed: true } : a)) } : old,
      ),
  });
}
