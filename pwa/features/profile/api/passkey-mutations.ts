import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasskeyInfo, PasskeysAnswer } from '../../../../domain/contract/members/passkeys';
import { call } from '../../../lib/data/api-client';
import { passkeysKey } from './passkey-queries';

// The ceremony (with @simplewebauthn/browser) loads when a passkey is added, not with the profile.
const ceremony = () => import('../../../lib/session/passkey-ceremony');

function useSetPasskeys() {
  const queryClient = useQueryClient();
  return (update: (list: PasskeyInfo[]) => PasskeyInfo[]) =>
    queryClient.setQueryData<PasskeysAnswer>(passkeysKey, (old) => ({ passkeys: update(old?.passkeys ?? []) }));
}

/** Makes a passkey on this device (the browser's Face ID / fingerprint / screen lock prompt) and adds it. */
export function useAddPasskeyMutation() {
  const set = useSetPasskeys();
  return useMutation({
    mutationFn: async ({ name, password }: { name: string; password?: string }) =>
      (await ceremony()).addPasskeyOnThisDevice(name, password),
    onSuccess: (passkey) => set((list) => [...list, passkey]),
  });
}

export function useRenamePasskeyMutation() {
  const set = useSetPasskeys();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => call('PUT /passkeys/:id', { params: { id }, body: { name } }),
    onSuccess: ({ passkey }) => set((list) => list.map((p) => (p.id === passkey.id ? passkey : p))),
  });
}

export function useRemovePasskeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /passkeys/:id', { params: { id } }),
    onSuccess: (answer) => queryClient.setQueryData(passkeysKey, answer),
  });
}
