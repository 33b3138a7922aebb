import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf, BodyOf } from '../../../../domain/contract/endpoints';
import { TEAM_PICTURE_FIELD } from '../../../../domain/contract/club/profiles';
import { call } from '../../../lib/data/api-client';
import { teamKeys } from './team-queries';

export function useUpdateTeamMemberMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: BodyOf<'PUT /profiles/:id'> }) =>
      call('PUT /profiles/:id', { params: { id }, body: changes }),
    onSuccess: ({ teamMember }) => {
      queryClient.setQueryData<AnswerOf<'GET /profiles'>>(
        teamKeys.all,
        (list) => list && { teamMembers: list.teamMembers.map((m) => (m.id === teamMember.id ? teamMember : m)) },
      );
      void queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}

/** Uploads a card's picture (re-encoded by the club); the card takes it when saved with the URL answered. */
export function useUploadTeamPictureMutation() {
  return useMutation({
    mutationFn: (picture: File) => {
      const body = new FormData();
      body.append(TEAM_PICTURE_FIELD, picture);
      return call('POST /profiles/picture', { body });
    },
  });
}
