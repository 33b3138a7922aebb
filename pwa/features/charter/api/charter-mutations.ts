import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/data/api-client';

export function useAcceptCharterMutation() {
  return useMutation({ mutationFn: () => call('POST /users/accept-charter') });
}
