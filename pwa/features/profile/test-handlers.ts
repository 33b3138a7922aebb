// The endpoints behind the profile's settings, for answerRoutes: the calendar link, and a small
// stand-in for the notification settings whose changes stick, as the real server's do.
import type { NotificationSettings, PushDevice } from '../../../domain/contract/notifications';
import type { Routes } from '../../test-server';

export const OLD_FEED = 'http://club.test/api/calendar/c7-old.ics';
export const NEW_FEED = 'http://club.test/api/calendar/c7-new.ics';

/** GET /me/calendar-link answering the old feed, and its reset answering the new one. */
export function calendarLinkRoutes(): Routes {
  return {
    'GET /me/calendar-link': { url: OLD_FEED },
    'POST /me/calendar-link/reset': { url: NEW_FEED },
  };
}

export const ENDPOINT = 'https://push.example.com/send/this-phone';
/** The server's public key, as GET /config gives it to the browser's PushManager. */
export const VAPID = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

export function pushDevice(fields: Partial<PushDevice> = {}): PushDevice {
  return {
    id: 1,
    endpoint: ENDPOINT,
    label: 'Chrome on Android',
    kinds: { placeFreed: true, reminders: true, newWorkouts: false, announcements: true },
    created_at: 0,
    ...fields,
  };
}

/**
 * The notification endpoints over `state.settings`, which each change updates: GET and PUT
 * /me/notifications, saving and removing a device, and GET /config with the push key.
 */
export function notificationRoutes(state: { settings: NotificationSettings }): Routes {
  return {
    'GET /config': { clubTimeZone: 'America/Toronto', clubEmail: 'club@club.test', vapidPublicKey: VAPID, passkeys: false },
    'GET /me/notifications': () => state.settings,
    'PUT /me/notifications': ({ body }) => {
      state.settings = { ...state.settings, reminders: body!.reminders };
      return state.settings;
    },
    'PUT /me/notifications/devices': ({ body }) => {
      const saved = pushDevice({ endpoint: body!.endpoint, kinds: { ...body!.kinds, announcements: body!.kinds.announcements ?? true } });
      state.settings = { ...state.settings, devices: [...state.settings.devices.filter((d) => d.endpoint !== saved.endpoint), saved] };
      return { device: saved, replaced: [] };
    },
    'DELETE /me/notifications/devices/:id': ({ params }) => {
      state.settings = { ...state.settings, devices: state.settings.devices.filter((d) => d.id !== Number(params.id)) };
      return state.settings;
    },
  };
}
