import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../../domain/contract/endpoints';
import { call } from '../../../lib/data/api-client';
import { adminKeys } from './admin-queries';

/** Every change to a member reloads the list (and the mailbox: approving sends an email). */
function useMemberChange<V, A>(write: (variables: V) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useApproveMemberMutation() {
  return useMemberChange(({ id, body }: { id: number; body: BodyOf<'PUT /admin/members/:id/approve'> }) =>
    call('PUT /admin/members/:id/approve', { params: { id }, body }),
  );
}

export function useRejectMemberMutation() {
  return useMemberChange((id: number) =>
    call('PUT /admin/members/:id/reject', { params: { id }, body: { role: 'rejected' } }),
  );
}

export function useUpdateMemberMutation() {
  return useMemberChange(({ id, body }: { id: number; body: BodyOf<'PUT /admin/members/:id/update'> }) =>
    call('PUT /admin/members/:id/update', { params: { id }, body }),
  );
}

export function useDeleteMemberMutation() {
  return useMemberChange((id: number) => call('DELETE /admin/members/:id', { params: { id } }));
}

/** Removes every passkey of a member (a lost phone): they sign in with their password again. */
export function useRemoveMemberPasskeysMutation() {
  return useMemberChange((id: number) => call('DELETE /admin/members/:id/passkeys', { params: { id } }));
}

export function useApproveRenewalsMutation() {
  return useMemberChange((ids: number[]) => call('POST /admin/renewals/approve', { body: { ids } }));
}

export function useDeclineRenewalMutation() {
  return useMemberChange(({ id, reason }: { id: number; reason: string }) =>
    call('POST /admin/renewals/:id/decline', { params: { id }, body: { reason } }),
  );
}

export function useBulkMembersMutation() {
  return useMemberChange((body: BodyOf<'POST /admin/members/bulk'>) => call('POST /admin/members/bulk', { body }));
}

/** A club's spreadsheet: a preview (`dryRun`) writes nothing; the import reloads the members. */
export function useImportMembersMutation() {
  // The file goes as its bytes: the club reads its encoding (UTF-8, or UTF-16 with its BOM) and says where one is broken.
  return useMemberChange(({ csv, dryRun, updateExpiry }: { csv: Blob; dryRun: boolean; updateExpiry: boolean }) =>
    call('POST /admin/members/import', {
      body: csv,
      contentType: 'text/csv',
      query: { ...(dryRun ? { dryRun: '1' } : {}), ...(updateExpiry ? { updateExpiry: '1' } : {}) },
    }),
  );
}
