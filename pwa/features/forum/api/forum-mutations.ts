import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../../domain/contract/endpoints';
import type { EventPost, SeriesScope, WorkoutPost } from '../../../../domain/contract/training/forum';
import { call } from '../../../lib/data/api-client';
import { ApiError } from '../../../lib/data/api-error';
import { applyPost, refreshCopies, removePost } from '../../../lib/data/post-cache';
import { forumKeys } from '../../../lib/data/keys/post-keys';

type Post = WorkoutPost | EventPost;

/** The post of an answer, checked to be of the kind that was written. */
function postOf<K extends Post['type']>(type: K, post: Post): Extract<Post, { type: K }> {
  if (post.type !== type) throw new ApiError(0, 'The server answered with another kind of post');
  return post as Extract<Post, { type: K }>;
}

/** Only a series-wide change names its scope: a one-off's requests stay as they always were. */
function scopeQuery(scope: SeriesScope): Record<string, string> | undefined {
  return scope === 'following' ? { scope } : undefined;
}

/** A new workout or event; its list reloads (the server decides where it goes). */
export function useCreatePostMutation<K extends Post['type']>(type: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Extract<BodyOf<'POST /forum/posts'>, { type: K }>) =>
      postOf(type, (await call('POST /forum/posts', { body, idempotencyKey: crypto.randomUUID() })).post),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: type === 'workout' ? forumKeys.workouts() : forumKeys.events() }),
  });
}

/** An edit: every copy of the workout shows it at once, then reads again (a series edit changes others too). */
export function useUpdateWorkoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, scope = 'this' }: { id: number; body: BodyOf<'PUT /forum/posts/:id'>; scope?: SeriesScope }) =>
      postOf(
        'workout',
        (await call('PUT /forum/posts/:id', { params: { id }, body, query: scopeQuery(scope), idempotencyKey: crypto.randomUUID() })).post,
      ),
    onSuccess: (post) => {
      applyPost(queryClient, post);
      refreshCopies(queryClient, { workoutId: post.id });
    },
  });
}

/** A post's id (with its kind), or a workout's with how much of its series goes; the list reloads. */
export function useDeletePostMutation(type: Post['type']) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, scope = 'this' }: { id: number; scope?: SeriesScope }) =>
      call('DELETE /forum/posts/:id', { params: { id }, query: scopeQuery(scope), idempotencyKey: crypto.randomUUID() }),
    onSuccess: (_answer, { id }) => {
      removePost(queryClient, type, id);
      void queryClient.invalidateQueries({ queryKey: type === 'workout' ? forumKeys.workouts() : forumKeys.events() });
    },
  });
}

/**
 * Cancel a workout or event with a reason, or put it back on (`reason` null): every copy shows it at
 * once, then the lists read again (a series' following workouts change too).
 */
export function usePlanChangeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason, scope = 'this' }: { id: number; reason: string | null; scope?: SeriesScope }) =>
      reason === null
        ? call('DELETE /forum/posts/:id/cancel', { params: { id }, query: scopeQuery(scope), idempotencyKey: crypto.randomUUID() })
        : call('POST /forum/posts/:id/cancel', { params: { id }, body: { reason }, query: scopeQuery(scope), idempotencyKey: crypto.randomUUID() }),
    onSuccess: ({ post }) => {
      applyPost(queryClient, post);
      refreshCopies(queryClient, post.type === 'workout' ? { workoutId: post.id } : { eventId: post.id });
      void queryClient.invalidateQueries({ queryKey: post.type === 'workout' ? forumKeys.workouts() : forumKeys.events() });
    },
  });
}
