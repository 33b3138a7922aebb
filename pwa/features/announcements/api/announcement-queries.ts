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
 * Dismisses one for the member on all their devices. The list on this device hides it at once; a
 * dismissal that fails (offline) is sent again with the next fresh list (pinned-announcements.tsx).
 */
export function useDismissAnnouncementMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('POST /announcements/:id/dismiss', { params: { id } }),
    onMutate: (id) =>
      queryClient.setQueryData<AnnouncementsAnswer>(announcementsKey, (old) =>
        old ? { announcements: old.announcements.map((a) => (a.id === id ? { ...a, dismissed: true } : a)) } : old,
      ),
  });
}
