// The service worker's push handlers (pwa/public/push-sw.js), run against a stand-in for the
// worker's global scope: what a push shows, and where a tap on the notification goes. The browser test
// (e2e/push.spec.ts) shows a real push; a tap on a system notification cannot be driven there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const source = readFileSync(join(process.cwd(), 'pwa/public/push-sw.js'), 'utf8');
const ORIGIN = 'https://club.test';

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function worker(windows: FakeWindow[] = []) {
  const handlers = new Map<string, (event: unknown) => void>();
  const self = {
    addEventListener: (type: string, fn: (event: unknown) => void) => handlers.set(type, fn),
    registration: { showNotification: vi.fn(async () => undefined) },
    location: { origin: ORIGIN },
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
  };
  new Function('self', source)(self);
  async function dispatch(type: string, event: object) {
    let waited: Promise<unknown> = Promise.resolve();
    handlers.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) });
    await waited;
  }
  return { self, dispatch };
}

const pushOf = (data: string | null) => ({
  data: data === null ? null : { json: () => JSON.parse(data), text: () => data },
});

const clickOf = (url: string) => ({ notification: { data: { url }, close: vi.fn() } });

describe('the service worker shows a push', () => {
  it('with the title, text and page the server sent', async () => {
    const { self, dispatch } = worker();
    await dispatch('push', pushOf(JSON.stringify({ title: "You're in: Swim", body: 'A place freed up.', url: '/workout/4', tag: 'club-9' })));
    expect(self.registration.showNotification).toHaveBeenCalledWith("You're in: Swim", {
      body: 'A place freed up.',
      tag: 'club-9',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: '/workout/4' },
    });
  });

  it("with the club's icon the server named", async () => {
    const { self, dispatch } = worker();
    const icon = '/uploads/club-0123456789abcdef0123456789abcdef-192.png';
    await dispatch('push', pushOf(JSON.stringify({ title: 'New workout: Swim', body: 'Tue 7:00', url: '/workout/5', tag: 'club-3', icon })));
    expect(self.registration.showNotification).toHaveBeenCalledWith('New workout: Swim', expect.objectContaining({ icon, badge: icon }));
  });

  it('as plain text under the club name when it is not JSON', async () => {
    const { self, dispatch } = worker();
    await dispatch('push', pushOf('Practice moved to 7 AM'));
    expect(self.registration.showNotification).toHaveBeenCalledWith(
      'University Triathlon Club',
      expect.objectContaining({ body: 'Practice moved to 7 AM', icon: '/icons/icon-192.png', data: { url: '/' } }),
    );
  });
});

describe('a tap on the notification', () => {
  it('takes an open window of the app to the page', async () => {
    const open: FakeWindow = { url: `${ORIGIN}/forum`, focus: vi.fn(async () => undefined), navigate: vi.fn(async () => undefined) };
    const { self, dispatch } = worker([open]);
    await dispatch('notificationclick', clickOf('/workout/4'));
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/workout/4`);
    expect(open.focus).toHaveBeenCalled();
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when none is open, or when the open one cannot be navigated', async () => {
    const none = worker();
    await none.dispatch('notificationclick', clickOf('/event/2'));
    expect(none.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/event/2`);

    const stuck: FakeWindow = { url: `${ORIGIN}/`, focus: vi.fn(), navigate: vi.fn(async () => Promise.reject(new TypeError('not controlled'))) };
    const other = worker([stuck]);
    await other.dispatch('notificationclick', clickOf('/event/2'));
    expect(other.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/event/2`);
  });

  it('never leaves the app for another site', async () => {
    const { self, dispatch } = worker();
    await dispatch('notificationclick', clickOf('https://evil.example/phish'));
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });
});
