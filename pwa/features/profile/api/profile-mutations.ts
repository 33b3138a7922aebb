import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../../domain/contract/endpoints';
import { PROFILE_PICTURE_FIELD } from '../../../../domain/contract/members/users';
import { call } from '../../../lib/data/api-client';

export function useUploadPictureMutation() {
  return useMutation({
    mutationFn: (picture: File) => {
      const body = new FormData();
      body.append(PROFILE_PICTURE_FIELD, picture);
      return call('POST /users/profile-picture', { body });
    },
  });
}

/** Saves the member's details; every screen that shows them (rosters, sign-up lists) reloads. */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'PUT /users/profile'>) => call('PUT /users/profile', { body }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
