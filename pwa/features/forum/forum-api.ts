import type { EventPost, NewEvent, NewWorkout, WorkoutPost, WorkoutUpdate } from '../../../api/contract/forum';
import { api } from '../../lib/api-client';

/** Route ids are positive whole numbers; anything else is a post that cannot exist. */
export function parseId(raw: string | undefined): number | null {
  return raw && /^\d{1,12}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

export const WORKOUTS_PATH = '/forum/posts?type=workout';
export const EVENTS_PATH = '/forum/posts?type=event';
export const workoutPath = (id: number | string) => `/forum/workouts/${id}`;
export const attendancePath = (id: number | string) => `/forum/workouts/${id}/attendance`;
export const eventPath = (id: number | string) => `/forum/events/${id}`;

export function createPost<P extends WorkoutPost | EventPost>(body: NewWorkout | NewEvent): Promise<{ post: P }> {
  return api<{ post: P }>('/forum/posts', { method: 'POST', body, idempotencyKey: crypto.randomUUID() });
}

export function updateWorkout(id: number, body: WorkoutUpdate): Promise<{ post: WorkoutPost }> {
  return api<{ post: WorkoutPost }>(`/forum/posts/${id}`, { method: 'PUT', body, idempotencyKey: crypto.randomUUID() });
}

export function deletePost(id: number): Promise<unknown> {
  return api(`/forum/posts/${id}`, { method: 'DELETE', idempotencyKey: crypto.randomUUID() });
}
