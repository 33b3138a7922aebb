import { call } from '../../../lib/data/api-client';
import { useRead } from '../../../lib/data/read';

export const calendarLinkKey = ['me', 'calendar-link'] as const;

/** The member's secret calendar-feed address; `enabled` false for anyone who has no feed. */
export function useCalendarLinkQuery(enabled: boolean) {
  return useRead({ queryKey: calendarLinkKey, queryFn: ({ signal }) => call('GET /me/calendar-link', { signal }), enabled });
}
