import type { TAccountResponse, TCreateAccountRequest } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountsKeys } from './get-accounts';

/** POST /v1/admin/accounts (ADMIN and above): opens an account with its terms, credit and rate card; invites its first owner. */
export const createAccount = (body: TCreateAccountRequest) => api.post<TAccountResponse>('/v1/admin/accounts', body);

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAccount, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKeys.all }) });
}
