import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../test-server';
import { withinPushWait, PUSH_TIMEOUT_TEXT, PushUnavailableError } from '../push/push';
import { OFFLINE_MESSAGE, REQUEST_TIMEOUT_MS, TIMEOUT_MESSAGE, errorMessage, fieldRefusal, request } from './api-client';
import { ApiError } from './api-error';

describe('no endless waits', () => {
  afterEach(() => vi.useRealTimers());

  it('a request the server never answers ends after 15 s with a message, as a network failure (retried by the outbox)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    answerApi(() => new Promise(() => {}));
    const pending = request('/forum/posts?type=workout', { token: null });
    const outcome = pending.then(
      () => 'answered',
      (err: unknown) => err,
    );
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 100);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    const err = await outcome;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 0, message: TIMEOUT_MESSAGE });
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(15_000);
  });

  it("a caller's own cancel stays a cancel", async () => {
    answerApi(() => new Promise(() => {}));
    const controller = new AbortController();
    const pending = request('/forum/posts?type=workout', { token: null, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it("the browser's push service gets 15 s, then a message to try again", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const waiting = withinPushWait(new Promise(() => {})).catch((err: unknown) => err);
    await vi.advanceTimersByTimeAsync(15_000);
    const err = await waiting;
    expect(err).toBeInstanceOf(PushUnavailableError);
    expect((err as Error).message).toBe(PUSH_TIMEOUT_TEXT);
    await expect(withinPushWait(Promise.resolve(7))).resolves.toBe(7);
  });
});

describe('the one way a refusal is worded', () => {
  it("is the server's words when it refused, the client's own when the request did not get through, the screen's fallback otherwise", () => {
    expect(errorMessage(new ApiError(400, 'bad map'), 'Error submitting attendance. Please try again.')).toBe('bad map');
    expect(errorMessage(new ApiError(0, OFFLINE_MESSAGE), 'Error submitting attendance. Please try again.')).toBe(OFFLINE_MESSAGE);
    expect(errorMessage(new Error('boom'), 'Error submitting attendance. Please try again.')).toBe('Error submitting attendance. Please try again.');
    expect(errorMessage(new ApiError(500, ''), 'Not saved')).toBe('Not saved');
  });

  it('reads a refusal of one field from an { error, field } answer, and nothing else', () => {
    expect(fieldRefusal(new ApiError(400, 'Write the question', { error: 'Write the question', field: 'items.1.question' }))).toEqual({
      field: 'items.1.question',
      message: 'Write the question',
    });
    expect(fieldRefusal(new ApiError(409, 'Full', { error: 'Full' }))).toBeNull();
    expect(fieldRefusal(new Error('boom'))).toBeNull();
  });
});
