import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../domain/contract/endpoints';
import { QueryLayer } from '../../app/members/query-layer';
import { answerApi, jsonReply } from '../../test-server';
import { call } from './api-client';
import { createQueryClient } from './query-client';
import { primeReads } from './primed-reads';
import { offlineInfo, useRead, type ReadOptions } from './read';
import { SessionProvider } from '../session/session';

// The visitor runner of `useRead` (no data layer) and the hand-over to TanStack Query under it.

type Races = AnswerOf<'GET /races'>;

const races = (over: Partial<ReadOptions<Races>> = {}): ReadOptions<Races> => ({
  queryKey: ['races', 'list'],
  queryFn: ({ signal }: { signal: AbortSignal }) => call('GET /races', { signal }),
  ...over,
});

function RaceNames({ label, options = {} }: { label: string; options?: Partial<ReadOptions<Races>> }) {
  const read = useRead(races(options));
  const { fromCache } = offlineInfo(read);
  if (read.isPending) return <p>{label}: loading</p>;
  const names = read.data?.races.map((r) => r.name).join(', ') ?? 'none';
  return (
    <p>
      {label}: {names}
      {read.error ? ` (failed: ${read.error.message})` : ''}
      {fromCache ? ' (offline copy)' : ''}
    </p>
  );
}

const race = (id: number, name: string) => ({ id, name, date: '2026-12-01', location: '', description: '', signupCount: 0, isSignedUp: false, signups: [] });

function answering(names: string[][]) {
  let n = 0;
  return answerApi((c) => {
    if (c.path !== '/races') return jsonReply({ error: 'Not found' }, 404);
    const list = names[Math.min(n++, names.length - 1)]!;
    return list[0] === 'offline' ? 'network-error' : jsonReply({ races: list.map((name, i) => race(i + 1, name)) });
  });
}

describe('useRead for a visitor', () => {
  it('reads once for two screens showing the same answer, and again when a screen opens later', async () => {
    const calls = answering([['Spring Sprint'], ['Spring Sprint', 'City Duathlon']]);
    function Page() {
      const [second, setSecond] = useState(false);
      return (
        <>
          <RaceNames label="list" />
          <RaceNames label="calendar" />
          {second && <RaceNames label="later" />}
          <button onClick={() => setSecond(true)}>open</button>
        </>
      );
    }
    render(<Page />);
    expect(screen.getByText('list: loading')).toBeInTheDocument();
    expect(await screen.findByText('list: Spring Sprint')).toBeInTheDocument();
    expect(screen.getByText('calendar: Spring Sprint')).toBeInTheDocument();
    expect(calls).toHaveLength(1);

    // A screen that opens later shows the answer at once and reads it again (TanStack's staleTime 0).
    act(() => screen.getByRole('button', { name: 'open' }).click());
    expect(screen.getByText('later: Spring Sprint')).toBeInTheDocument();
    expect(await screen.findByText('list: Spring Sprint, City Duathlon')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('keeps the last answer when a refresh fails, and reads again when the network comes back', async () => {
    const calls = answering([['Spring Sprint'], ['offline'], ['Spring Sprint', 'City Duathlon']]);
    render(<RaceNames label="list" options={{ refetchInterval: 60_000 }} />);
    expect(await screen.findByText('list: Spring Sprint')).toBeInTheDocument();
    act(() => window.dispatchEvent(new Event('online')));
    expect(await screen.findByText(/list: Spring Sprint \(failed: .+\) \(offline copy\)/)).toBeInTheDocument();
    act(() => window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('list: Spring Sprint, City Duathlon')).toBeInTheDocument();
    expect(calls).toHaveLength(3);
  });

  it('does not read while disabled; with staleTime Infinity reads once; with gcTime 0 forgets when no screen shows it', async () => {
    const calls = answering([['Spring Sprint'], ['City Duathlon']]);
    const view = render(<RaceNames label="off" options={{ enabled: false }} />);
    expect(screen.getByText('off: loading')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(0);

    view.rerender(<RaceNames label="once" options={{ staleTime: Infinity, gcTime: 0 }} />);
    expect(await screen.findByText('once: Spring Sprint')).toBeInTheDocument();
    view.rerender(<p>elsewhere</p>);
    view.rerender(<RaceNames label="again" options={{ staleTime: Infinity, gcTime: 0 }} />);
    // Forgotten when its screen closed: read afresh.
    expect(screen.getByText('again: loading')).toBeInTheDocument();
    expect(await screen.findByText('again: City Duathlon')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it("takes over a server page's answer without reading it again, and reads it when the screen opens later", async () => {
    const calls = answering([['Spring Sprint', 'City Duathlon']]);
    primeReads([[['races', 'list'], { races: [race(1, 'Spring Sprint')] }]], Date.now());
    const view = render(
      <>
        <RaceNames label="page" />
        <RaceNames label="calendar" />
      </>,
    );
    // The server's answer at once (the HTML the browser hydrates), and no second copy of it, for any
    // of the page's parts that show it.
    expect(screen.getByText('page: Spring Sprint')).toBeInTheDocument();
    expect(screen.getByText('calendar: Spring Sprint')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(0);
    // The visitor leaves and comes back: the screen reads as any screen does.
    view.rerender(<p>elsewhere</p>);
    view.rerender(<RaceNames label="back" />);
    expect(await screen.findByText('back: Spring Sprint, City Duathlon')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('runs on TanStack Query under the data layer: the answer lands in its cache', async () => {
    answering([['Spring Sprint']]);
    const client = createQueryClient();
    render(
      <SessionProvider>
        <QueryLayer client={client} persist={false}>
          <RaceNames label="member" />
        </QueryLayer>
      </SessionProvider>,
    );
    expect(await screen.findByText('member: Spring Sprint')).toBeInTheDocument();
    await waitFor(() => expect(client.getQueryData(['races', 'list'])).toMatchObject({ races: [{ name: 'Spring Sprint' }] }));
    // And without the layer nothing of it is used: a bare QueryClientProvider does not switch runners.
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RaceNames label="bare" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('bare: Spring Sprint')).toBeInTheDocument();
  });
});
