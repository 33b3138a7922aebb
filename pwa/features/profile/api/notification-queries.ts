import { call } from '../../../lib/data/api-client';
import { useRead } from '../../../lib/data/read';

export const notificationsKey = ['me', 'notifications'] as const;

export function useNotificationSettings(enabled: boolean) {
  return useRead({ queryKey: notificationsKey, queryFn: ({ signal }) => call('GET /me/notifications', { signal }), enabled });
}
