import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/data/api-client';
import { calendarLinkKey } from './calendar-link-queries';

/** A new address for the feed (the old one stops answering); shown at once. */
export function useResetCalendarLinkMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /me/calendar-link/reset'),
    onSuccess: (answer) => queryClient.setQueryData(calendarLinkKey, answer),
  });
}
