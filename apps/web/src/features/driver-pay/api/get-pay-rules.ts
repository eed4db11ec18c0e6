import type { TPayRulesResponse } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { payKeys } from './keys';

/** GET /v1/admin/drivers/{id}/pay-rule: the driver's versions and the default's, newest first. */
export const getPayRules = (driverId: string, signal?: AbortSignal) =>
  api.get<TPayRulesResponse>(`/v1/admin/drivers/${encodeURIComponent(driverId)}/pay-rule`, { signal });

export const usePayRules = (driverId: string | null) =>
  useQuery({ queryKey: payKeys.rules(driverId ?? ''), queryFn: ({ signal }) => getPayRules(driverId!, signal), enabled: !!driverId });
