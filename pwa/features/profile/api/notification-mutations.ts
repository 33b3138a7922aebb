import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../../domain/contract/endpoints';
import type { NotificationSettings } from '../../../../domain/contract/notifications';
import { call } from '../../../lib/data/api-client';
import { subscribeThisDevice, unsubscribeThisDevice } from '../../../lib/push/push';
import { notificationsKey } from './notification-queries';

function useSetSettings() {
  const queryClient = useQueryClient();
  return (settings: NotificationSettings) => queryClient.setQueryData(notificationsKey, settings);
}

export function useSetRemindersMutation() {
  const set = useSetSettings();
  return useMutation({
    mutationFn: (reminders: boolean) => call('PUT /me/notifications', { body: { reminders } }),
    onSuccess: set,
  });
}

type Kinds = BodyOf<'PUT /me/notifications/devices'>['kinds'];

/** Turns notifications on for this device (the browser's permission prompt, then the server), or saves its choices. */
export function useSaveDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (kinds: Kinds) => {
      const { vapidPublicKey } = await call('GET /config');
      const subscription = await subscribeThisDevice(vapidPublicKey);
      return call('PUT /me/notifications/devices', {
        body: { endpoint: subscription.endpoint ?? '', keys: { p256dh: subscription.keys?.p256dh ?? '', auth: subscription.keys?.auth ?? '' }, kinds },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

/** Removes a device; for this device, its browser subscription ends too. */
export function useRemoveDeviceMutation() {
  const set = useSetSettings();
  return useMutation({
    mutationFn: async ({ id, thisDevice }: { id: number; thisDevice: boolean }) => {
      const answer = await call('DELETE /me/notifications/devices/:id', { params: { id } });
      if (thisDevice) await unsubscribeThisDevice();
      return answer;
    },
    onSuccess: set,
  });
}
