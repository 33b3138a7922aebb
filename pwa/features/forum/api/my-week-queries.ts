import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AnswerOf } from '../../../../domain/contract/endpoints';
import { call } from '../../../lib/data/api-client';
import { loadError, offlineInfo } from '../../../lib/data/read';
import { forumKeys } from './forum-queries';

export const myWeekKeys = { week: () => ['me', 'week'] as const };

type MyWeek = AnswerOf<'GET /me/week'>;

/** The member's coming days, one request; kept on the device like every signed-in read. */
export function useMyWeekQuery() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: myWeekKeys.week(),
    queryFn: ({ signal }) => call('GET /me/week', { signal }),
    refetchInterval: 60_000,
  });
  const setData = useCallback(
    (update: (previous: MyWeek | undefined) => MyWeek | undefined) => {
      const state = queryClient.getQueryState(myWeekKeys.week());
      queryClient.setQueryData<MyWeek>(myWeekKeys.week(), update, { updatedAt: state?.dataUpdatedAt });
    },
    [queryClient],
  );
  /** After a change made here: this list and the forum's (whose counts moved) read again. */
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: myWeekKeys.week() });
    void queryClient.invalidateQueries({ queryKey: forumKeys.all });
  }, [queryClient]);
  return { ...offlineInfo(query), data: query.data, error: loadError(query), loading: query.isPending, refetch: query.refetch, setData, reload };
}
