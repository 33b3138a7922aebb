import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyNamed } from './lazy-named';
import { SectionBoundary } from './section-boundary';

function Roster() {
  return <p>Roster of the workout</p>;
}

/** A part whose code fails to arrive the first `failures` times, as with no signal and no service worker. */
function flakyPart(failures: number) {
  let calls = 0;
  const load = vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return { SafetyList: () => <p>Safety list loaded</p> };
  });
  return { Part: lazyNamed(load, 'SafetyList'), load };
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

describe('a part of a page that loads its own code', () => {
  afterEach(() => {
    setOnline(true);
    vi.restoreAllMocks();
  });

  it('says so in its place when its code cannot load offline, and the rest of the page stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setOnline(false);
    const { Part } = flakyPart(1);
    render(
      <main>
        <Roster />
        <SectionBoundary what="the safety list">
          <Part />
        </SectionBoundary>
      </main>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The safety list is not saved on this device yet: it shows once the signal is back.');
    expect(screen.getByText('Roster of the workout')).toBeInTheDocument();
  });

  it('loads afresh on "Try again": a failed load is not remembered', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { Part, load } = flakyPart(1);
    render(
      <SectionBoundary what="the safety list">
        <Part />
      </SectionBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The safety list could not be shown.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Safety list loaded')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again by itself when the signal is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setOnline(false);
    const { Part } = flakyPart(1);
    render(
      <SectionBoundary what="the safety list">
        <Part />
      </SectionBoundary>,
    );
    await screen.findByRole('alert');
    setOnline(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Safety list loaded')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe("the frame's page slot", () => {
  afterEach(() => {
    setOnline(true);
    vi.restoreAllMocks();
  });

  it('takes the page’s place under a heading when the screen’s code cannot load offline, and offers to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setOnline(false);
    const { Part, load } = flakyPart(1);
    render(
      <SectionBoundary page what="this page">
        <Part />
      </SectionBoundary>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This page is not saved on this device yet: it shows once the signal is back.');
    // Offline, nothing tries the load again until the signal is back or the member asks.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).toHaveBeenCalledTimes(1);
    setOnline(true);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Safety list loaded')).toBeInTheDocument();
  });
});
