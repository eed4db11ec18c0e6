import type { TBankAccountRequest } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { payKeys } from './keys';

/** PUT /v1/admin/drivers/{id}/bank-account (ADMIN and above): stored encrypted, answered masked. */
export const saveBankAccount = ({ driverId, ...body }: TBankAccountRequest & { driverId: string }) =>
  api.put(`/v1/admin/drivers/${encodeURIComponent(driverId)}/bank-account`, body);

export function useSaveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveBankAccount, onSettled: () => queryClient.invalidateQueries({ queryKey: payKeys.all }) });
}
