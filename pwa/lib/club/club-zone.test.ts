// The club's settings on a device: read at start, and read again when the service worker says the
// copy it fetched behind the one the app started with differs (an administrator changed a setting).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSports } from '../../../domain/sports';
import { clubSports } from './club-sports';
import { clubTimeZone, loadClubConfig, loadClubConfigWhenControlled, setClubTimeZone } from './club-zone';
import { clubRegion, setClubRegion } from './club-region';
import { DEFAULT_CLUB_REGION } from '../../../domain/region/club-region';

class FakeWorkerContainer extends EventTarget {
  controller: object | null = {};
}

afterEach(() => {
  vi.unstubAllGlobals();
  setClubRegion(DEFAULT_CLUB_REGION);
});

function configWith(sports: unknown) {
  return new Response(JSON.stringify({ clubTimeZone: 'America/Toronto', clubEmail: 'club@club.test', sports }), {
    headers: { 'content-type': 'application/json' },
  });
}

describe("the club's settings on a device", () => {
  it('are read again when the worker reports a newer copy of /api/config, and only then', async () => {
    const worker = new FakeWorkerContainer();
    vi.stubGlobal('navigator', { serviceWorker: worker });
    const withErg = defaultSports();
    withErg.types.push({ id: 'erg', name: 'Erg', sport: 'other', colour: 'teal', minutes: 45, retired: false });
    const fetcher = vi.fn(async () => configWith(withErg));
    loadClubConfigWhenControlled(fetcher);

    // Another cache's update (a picture) is not the settings.
    const update = (url: string) =>
      worker.dispatchEvent(new MessageEvent('message', { data: { type: 'CACHE_UPDATED', meta: 'workbox-broadcast-update', payload: { cacheName: 'public-api', updatedURL: url } } }));
    update('http://club.test/uploads/picture.webp');
    worker.dispatchEvent(new MessageEvent('message', { data: 'hello' }));
    expect(fetcher).not.toHaveBeenCalled();

    update('http://club.test/api/config');
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledWith('/api/config', expect.anything()));
    await vi.waitFor(() => expect(clubSports().types.map((t) => t.id)).toContain('erg'));
  });

  it('are read once more when a worker first takes charge of a fresh install', async () => {
    const worker = new FakeWorkerContainer();
    worker.controller = null;
    vi.stubGlobal('navigator', { serviceWorker: worker });
    const fetcher = vi.fn(async () => configWith(defaultSports()));
    loadClubConfigWhenControlled(fetcher);
    worker.dispatchEvent(new Event('controllerchange'));
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
    worker.dispatchEvent(new Event('controllerchange'));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('take the club’s country and language from /api/config, and keep them when an answer has none', async () => {
    const answer = (body: object) => async () => new Response(JSON.stringify({ clubTimeZone: 'Australia/Sydney', clubEmail: 'club@club.test', ...body }));
    await loadClubConfig(answer({ region: { country: 'AU', locale: 'en-AU' } }));
    expect(clubRegion()).toEqual({ country: 'AU', locale: 'en-AU' });
    // An older server's answer says nothing of them.
    await loadClubConfig(answer({}));
    expect(clubRegion()).toEqual({ country: 'AU', locale: 'en-AU' });
  });

  it("takes the zone a rendered page came with without asking the runtime again, and still checks any other", () => {
    const lookups = vi.spyOn(Intl, 'DateTimeFormat');
    setClubTimeZone('Europe/Berlin', true);
    expect(clubTimeZone()).toBe('Europe/Berlin');
    expect(lookups).not.toHaveBeenCalled();
    setClubTimeZone('Toronto');
    expect(clubTimeZone()).toBe('Europe/Berlin');
    expect(lookups).toHaveBeenCalled();
    lookups.mockRestore();
    setClubTimeZone('America/Toronto');
  });
});
