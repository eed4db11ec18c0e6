import type { TAccountPatch, TAccountResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountsKeys } from './get-accounts';

/** PATCH /v1/admin/accounts/{id} (ADMIN and above): terms, credit, rate card, PO rule. */
export const updateAccount = ({ id, ...patch }: TAccountPatch & { id: string }) =>
  api.patch<TAccountResponse>(`/v1/admin/accounts/${encodeURIComponent(id)}`, patch);

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAccount, onSettled: () => queryClient.invalidateQueries({ queryKey: accountsKeys.all }) });
}
