import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationSettings as Settings, PushDevice } from '../../../../domain/contract/notifications';
import { AppProviders } from '../../../test-providers';
import { answerApi, jsonReply } from '../../../test-server';
import { testUser } from '../../../test-support';
import { NotificationSettings } from './notification-settings';

const ENDPOINT = 'https://push.example.com/send/this-phone';
const KEYS = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };
const VAPID = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

let settings: Settings;
let calls: { method: string; path: string; body: unknown }[];

function device(over: Partial<PushDevice> = {}): PushDevice {
  return {
    id: 1,
    endpoint: ENDPOINT,
    label: 'Chrome on Android',
    kinds: { placeFreed: true, reminders: true, newWorkouts: false },
    created_at: 0,
    ...over,
  };
}

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
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem('token', 'test-token');
  settings = { reminders: true, devices: [], ...initial };
  calls = [];
  answerApi(({ method, path, body }) => {
    calls.push({ method, path, body });
    if (path === '/auth/profile') return jsonReply({ user });
    if (path === '/config') return jsonReply({ clubTimeZone: 'America/Toronto', clubEmail: 'club@club.test', vapidPublicKey: VAPID });
    if (method === 'GET' && path === '/me/notifications') return jsonReply(settings);
    if (method === 'PUT' && path === '/me/notifications') {
      settings = { ...settings, reminders: (body as { reminders: boolean }).reminders };
      return jsonReply(settings);
    }
    if (method === 'PUT' && path === '/me/notifications/devices') {
      const b = body as { endpoint: string; kinds: PushDevice['kinds'] };
      const saved = device({ endpoint: b.endpoint, kinds: b.kinds });
      settings = { ...settings, devices: [...settings.devices.filter((d) => d.endpoint !== b.endpoint), saved] };
      return jsonReply({ device: saved });
    }
    const remove = /^\/me\/notifications\/devices\/(\d+)$/.exec(path);
    if (method === 'DELETE' && remove) {
      settings = { ...settings, devices: settings.devices.filter((d) => d.id !== Number(remove[1])) };
      return jsonReply(settings);
    }
    return jsonReply({ error: 'Not found' }, 404);
  });
  render(
    <AppProviders>
      <NotificationSettings />
    </AppProviders>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  localStorage.clear();
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
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', path: '/me/notifications', body: { reminders: false } }]);
  });

  it('turns this device on with the chosen kinds, saves a change, and turns it off again', async () => {
    const browser = fakePushBrowser();
    setup();
    const on = await screen.findByRole('button', { name: 'Turn on notifications on this device' });
    await waitFor(() => expect(on).toBeEnabled());
    // Defaults: a freed place and reminders, not every new workout; the member adds new workouts.
    expect(screen.getByRole('checkbox', { name: /A place frees up/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'New workouts posted' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'New workouts posted' }));
    await userEvent.click(on);

    expect(await screen.findByText('On for Chrome on Android. Notify me when:')).toBeInTheDocument();
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    const key = browser.pushManager.subscribe.mock.calls[0]![0].applicationServerKey;
    expect(key).toHaveLength(65);
    expect(calls.find((c) => c.path === '/me/notifications/devices')?.body).toEqual({
      endpoint: ENDPOINT,
      keys: KEYS,
      kinds: { placeFreed: true, reminders: true, newWorkouts: true },
    });

    await userEvent.click(screen.getByRole('checkbox', { name: /Reminders before my workouts/ }));
    await waitFor(() => expect(settings.devices[0]!.kinds.reminders).toBe(false));
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
