import { call } from '../../../lib/data/api-client';
import { forumKeys } from '../../../lib/data/keys/post-keys';
import { useRead } from '../../../lib/data/read';

/** Lists stay fresh while shown. */
const LIST_REFRESH_MS = 60_000;

export function useWorkoutsQuery() {
  return useRead({
    queryKey: forumKeys.workouts(),
    queryFn: ({ signal }) => call('GET /forum/posts?type=workout', { signal }),
    refetchInterval: LIST_REFRESH_MS,
  });
}

export function useEventsQuery() {
  return useRead({
    queryKey: forumKeys.events(),
    queryFn: ({ signal }) => call('GET /forum/posts?type=event', { signal }),
    refetchInterval: LIST_REFRESH_MS,
  });
}

/** `id` null: the address names no workout, nothing is read. */
export function useWorkoutQuery(id: number | null) {
  return useRead({
    queryKey: forumKeys.workout(id ?? 0),
    queryFn: ({ signal }) => call('GET /forum/workouts/:id', { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/** The attendance record, for those who take it. */
export function useAttendanceQuery(id: number | null, enabled: boolean) {
  return useRead({
    queryKey: forumKeys.attendance(id ?? 0),
    queryFn: ({ signal }) => call('GET /forum/workouts/:id/attendance', { params: { id: id! }, signal }),
    enabled: id !== null && enabled,
  });
}

export function useEventQuery(id: number | null) {
  return useRead({
    queryKey: forumKeys.event(id ?? 0),
    queryFn: ({ signal }) => call('GET /forum/events/:id', { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}
