// No fake-indexeddb here: jsdom has no IndexedDB, like a browser in a strict private mode.
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWorkoutsQuery } from '../../features/forum/api/forum-queries';
import { AppProviders } from '../../test-providers';
import { answerApi } from '../../test-server';
import { performWrite } from './perform-write';
import { OFFLINE_MESSAGE } from '../data/api-client';
import { offlineInfo } from '../data/read';
import { refreshOutboxState } from './outbox';
import { getOutboxState } from './outbox-store';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify({ id: 7, name: 'Sam', role: 'member' }));
  answerApi(() => 'network-error');
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('without device storage', () => {
  it('says the app works online only', async () => {
    await refreshOutboxState();
    expect(getOutboxState()).toMatchObject({ storageAvailable: false, ready: true, ops: [] });
  });

  it('refuses an offline write with a readable error instead of breaking', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(performWrite({ kind: 'rsvp', eventId: 1, status: 'going' })).rejects.toMatchObject({ status: 0, message: OFFLINE_MESSAGE });
  });

  it('shows a read that fails for want of network as an error, not a blank screen', async () => {
    const { result } = renderHook(() => useWorkoutsQuery(), { wrapper: AppProviders });
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.error?.message).toBe(OFFLINE_MESSAGE);
    expect(offlineInfo(result.current).fromCache).toBe(false);
  });
});
