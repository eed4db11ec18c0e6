import type { TBankAccountResponse } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { payKeys } from './keys';

/** GET /v1/admin/drivers/{id}/bank-account: masked, the last four digits only. */
export const getBankAccount = (driverId: string, signal?: AbortSignal) =>
  api.get<TBankAccountResponse>(`/v1/admin/drivers/${encodeURIComponent(driverId)}/bank-account`, { signal });

export const useBankAccount = (driverId: string | null) =>
  useQuery({ queryKey: payKeys.bank(driverId ?? ''), queryFn: ({ signal }) => getBankAccount(driverId!, signal), enabled: !!driverId });
