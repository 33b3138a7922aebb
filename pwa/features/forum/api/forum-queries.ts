import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AnswerOf, BodyOf } from '../../../../domain/contract/endpoints';
import type { EventPost, SeriesScope, WorkoutPost } from '../../../../domain/contract/forum';
import { ApiError, call } from '../../../lib/data/api-client';
import { offlineInfo } from '../../../lib/data/read';

export const forumKeys = {
  all: ['forum'] as const,
  workouts: () => [...forumKeys.all, 'workouts'] as const,
  events: () => [...forumKeys.all, 'events'] as const,
  workout: (id: number) => [...forumKeys.all, 'workout', id] as const,
  attendance: (id: number) => [...forumKeys.all, 'attendance', id] as const,
  event: (id: number) => [...forumKeys.all, 'event', id] as const,
};

/** Lists stay fresh while shown. */
const LIST_REFRESH_MS = 60_000;

/** What a forum screen reads: the answer, whether it is a copy kept on the device, and how to change it. */
export interface ScreenQuery<T> {
  data: T | undefined;
  /** Set when the read failed and no copy kept on the device stands in for it. */
  error: ApiError | null;
  /** True until the first answer (or kept copy) is in. */
  loading: boolean;
  fromCache: boolean;
  /** When the answer came from the server (a local change keeps it). */
  updatedAt: number | null;
  reload: () => Promise<void>;
  /** Changes the cached answer at once (the user's own write, answered or queued). */
  setData: (update: (previous: T | undefined) => T | undefined) => void;
}

function useScreenQuery<T>(queryKey: QueryKey, read: (signal: AbortSignal) => Promise<T>, enabled = true, refetchInterval?: number): ScreenQuery<T> {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey, queryFn: ({ signal }) => read(signal), enabled, refetchInterval });
  const { fromCache, updatedAt } = offlineInfo(query);
  const { refetch } = query;
  const key = JSON.stringify(queryKey);
  const setData = useCallback(
    (update: (previous: T | undefined) => T | undefined) => {
      const queryKey = JSON.parse(key) as QueryKey;
      // A local change is not a fresh answer: it keeps the time of the server's last one.
      const state = queryClient.getQueryState(queryKey);
      queryClient.setQueryData<T>(queryKey, update, { updatedAt: state?.dataUpdatedAt });
    },
    [queryClient, key],
  );
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);
  const error = fromCache || !query.error ? null : query.error instanceof ApiError ? query.error : new ApiError(0, 'Something went wrong');
  return { data: query.data, error, loading: enabled && query.isPending, fromCache, updatedAt, reload, setData };
}

export function useWorkoutsQuery(): ScreenQuery<AnswerOf<'GET /forum/posts?type=workout'>> {
  return useScreenQuery(forumKeys.workouts(), (signal) => call('GET /forum/posts?type=workout', { signal }), true, LIST_REFRESH_MS);
}

export function useEventsQuery(): ScreenQuery<AnswerOf<'GET /forum/posts?type=event'>> {
  return useScreenQuery(forumKeys.events(), (signal) => call('GET /forum/posts?type=event', { signal }), true, LIST_REFRESH_MS);
}

/** `id` null: the address names no workout, nothing is read. */
export function useWorkoutQuery(id: number | null): ScreenQuery<AnswerOf<'GET /forum/workouts/:id'>> {
  return useScreenQuery(forumKeys.workout(id ?? 0), (signal) => call('GET /forum/workouts/:id', { params: { id: id! }, signal }), id !== null);
}

export function useAttendanceQuery(id: number | null, enabled: boolean): ScreenQuery<AnswerOf<'GET /forum/workouts/:id/attendance'>> {
  return useScreenQuery(
    forumKeys.attendance(id ?? 0),
    (signal) => call('GET /forum/workouts/:id/attendance', { params: { id: id! }, signal }),
    id !== null && enabled,
  );
}

export function useEventQuery(id: number | null): ScreenQuery<AnswerOf<'GET /forum/events/:id'>> {
  return useScreenQuery(forumKeys.event(id ?? 0), (signal) => call('GET /forum/events/:id', { params: { id: id! }, signal }), id !== null);
}

type Post = WorkoutPost | EventPost;

/** The post of an answer, checked to be of the kind that was written. */
function postOf<K extends Post['type']>(type: K, post: Post): Extract<Post, { type: K }> {
  if (post.type !== type) throw new ApiError(0, 'The server answered with another kind of post');
  return post as Extract<Post, { type: K }>;
}

/** A new workout or event; its list reloads. */
export function useCreatePostMutation<K extends Post['type']>(type: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Extract<BodyOf<'POST /forum/posts'>, { type: K }>) =>
      postOf(type, (await call('POST /forum/posts', { body, idempotencyKey: crypto.randomUUID() })).post),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: type === 'workout' ? forumKeys.workouts() : forumKeys.events() }),
  });
}

export function useUpdateWorkoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, scope = 'this' }: { id: number; body: BodyOf<'PUT /forum/posts/:id'>; scope?: SeriesScope }) =>
      postOf(
        'workout',
        (await call('PUT /forum/posts/:id', { params: { id }, body, query: scopeQuery(scope), idempotencyKey: crypto.randomUUID() })).post,
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: forumKeys.workouts() }),
  });
}

/** Only a series-wide change names its scope: a one-off's requests stay as they always were. */
function scopeQuery(scope: SeriesScope): Record<string, string> | undefined {
  return scope === 'following' ? { scope } : undefined;
}

export function useDeletePostMutation() {
  return useMutation({
    /** A post's id, or a workout's id with how much of its series goes. */
    mutationFn: (target: number | { id: number; scope: SeriesScope }) => {
      const { id, scope } = typeof target === 'number' ? { id: target, scope: 'this' as const } : target;
      return call('DELETE /forum/posts/:id', { params: { id }, query: scopeQuery(scope), idempotencyKey: crypto.randomUUID() });
    },
  });
}
