import type { TPayItemsResponse } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { payKeys } from './keys';

/** GET /v1/admin/drivers/{id}/pay-items?from&to: items and adjustments with totals (STAFF and above). */
export const getPayItems = (driverId: string, from: string, to: string, signal?: AbortSignal) =>
  api.get<TPayItemsResponse>(`/v1/admin/drivers/${encodeURIComponent(driverId)}/pay-items`, { query: { from, to }, signal });

export const usePayItems = (driverId: string | null, from: string, to: string) =>
  useQuery({
    queryKey: payKeys.items(driverId ?? '', from, to),
    queryFn: ({ signal }) => getPayItems(driverId!, from, to, signal),
    enabled: !!driverId && from <= to,
  });
