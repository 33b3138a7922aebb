import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf, BodyOf } from '../../../../domain/contract/endpoints';
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
