import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationSettings as Settings } from '../../../../domain/contract/notifications';
import { renderAt } from '../../../test-providers';
import { answerRoutes, type Recorded } from '../../../test-server';
import { testUser } from '../../../test-support';
import { ENDPOINT, notificationRoutes, pushDevice as device } from '../test-handlers';
import { NotificationSettings } from './notification-settings';

const KEYS = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };

/** What the server holds; notificationRoutes keeps it up to date. */
let stored: { settings: Settings };
let calls: Recorded['calls'];

/** A browser with the Push API: its subscription lives here, as the real PushManager keeps it. */
function fakePushBrowser(permission: NotificationPermission = 'default', answer: NotificationPermission = 'granted') {
  let subscription: { endpoint: string; options: { applicationServerKey: ArrayBuffer | null }; toJSON(): unknown; unsubscribe: () => Promise<boolean> } | null = null;
  const unsubscribe = vi.fn(async () => {
    subscription = null;
    return true;
  });
  const pushManager = {
    getSubscription: async () => subscription,
    subscribe: vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
      subscription = {
        endpoint: ENDPOINT,
        options: { applicationServerKey: options.applicationServerKey.buffer as ArrayBuffer },
        toJSON: () => ({ endpoint: ENDPOINT, keys: KEYS }),
        unsubscribe,
      };
      return subscription;
    }),
  };
  const registration = { pushManager };
  const notification = { permission, requestPermission: vi.fn(async () => answer) };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { pushManager, unsubscribe, notification };
}

function setup(initial: Partial<Settings> = {}) {
  const user = testUser('member', { id: 7 });
  stored = { settings: { reminders: true, devices: [], ...initial } };
  calls = answerRoutes(notificationRoutes(stored), { user }).calls;
  renderAt('/profile', '/profile', <NotificationSettings />, { user });
}

// The fake push browser defines navigator.serviceWorker itself (no stub to undo): take it away.
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('notifications on the profile', () => {
  it('turns reminders off, and says when this browser cannot show notifications', async () => {
    setup();
    const reminders = await screen.findByRole('checkbox', { name: /Remind me before workouts/ });
    expect(reminders).toBeChecked();
    expect(screen.getByText(/This browser cannot show notifications/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Turn on notifications/ })).toBeNull();
    await userEvent.click(reminders);
    await waitFor(() => expect(reminders).not.toBeChecked());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([['/me/notifications', { reminders: false }]]);
  });

  it('turns this device on with the chosen kinds, saves a change, and turns it off again', async () => {
    const browser = fakePushBrowser();
    setup();
    const on = await screen.findByRole('button', { name: 'Turn on notifications on this device' });
    await waitFor(() => expect(on).toBeEnabled());
    // Defaults: a freed place and reminders, not every new workout; the member adds new workouts.
    expect(screen.getByRole('checkbox', { name: /A place frees up/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'New workouts posted' })).not.toBeChecked();
    // Club announcements: a switch of their own, on by default.
    expect(screen.getByRole('checkbox', { name: 'Club announcements' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'New workouts posted' }));
    await userEvent.click(on);

    expect(await screen.findByText('On for Chrome on Android. Notify me when:')).toBeInTheDocument();
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    const key = browser.pushManager.subscribe.mock.calls[0]![0].applicationServerKey;
    expect(key).toHaveLength(65);
    expect(calls.find((c) => c.path === '/me/notifications/devices')?.body).toEqual({
      endpoint: ENDPOINT,
      keys: KEYS,
      kinds: { placeFreed: true, reminders: true, newWorkouts: true, announcements: true },
    });

    await userEvent.click(screen.getByRole('checkbox', { name: /Reminders before my workouts/ }));
    await waitFor(() => expect(stored.settings.devices[0]!.kinds.reminders).toBe(false));
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1); // the same subscription, new choices

    await userEvent.click(screen.getByRole('button', { name: 'Turn off on this device' }));
    expect(await screen.findByRole('button', { name: 'Turn on notifications on this device' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/me/notifications/devices/1')).toBe(true);
    expect(browser.unsubscribe).toHaveBeenCalled();
  });

  it('says how to unblock notifications when the member refuses the prompt or has blocked them', async () => {
    fakePushBrowser('default', 'denied');
    setup();
    const on = await screen.findByRole('button', { name: 'Turn on notifications on this device' });
    await waitFor(() => expect(on).toBeEnabled());
    await userEvent.click(on);
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/me/notifications/devices')).toBe(false);
  });

  it("lists the member's other devices and removes one", async () => {
    fakePushBrowser('granted');
    setup({ devices: [device({ id: 4, endpoint: 'https://push.example.com/laptop', label: 'Firefox on Windows' })] });
    const list = await screen.findByRole('list');
    expect(within(list).getByText('Firefox on Windows')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Remove Firefox on Windows' }));
    await waitFor(() => expect(screen.queryByText('Firefox on Windows')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/me/notifications/devices/4')).toBe(true);
  });
});
