import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/data/api-client';
import { useRead } from '../../../lib/data/read';

const calendarLinkKey = ['me', 'calendar-link'] as const;

/** The member's secret calendar-feed address; `enabled` false for anyone who has no feed. */
export function useCalendarLinkQuery(enabled: boolean) {
  return useRead({ queryKey: calendarLinkKey, queryFn: ({ signal }) => call('GET /me/calendar-link', { signal }), enabled });
}

/** A new address for the feed (the old one stops answering); shown at once. */
export function useResetCalendarLinkMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /me/calendar-link/reset'),
    onSuccess: (answer) => queryClient.setQueryData(calendarLinkKey, answer),
  });
}
