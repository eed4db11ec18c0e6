import type { TDiscrepancyResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v1/admin/discrepancies/{id}: one case and its timeline. */
export const getDiscrepancy = (id: string, signal?: AbortSignal) =>
  api.get<TDiscrepancyResponse>(`/v1/admin/discrepancies/${encodeURIComponent(id)}`, { signal });

export const discrepancyQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['admin', 'discrepancies', 'one', id], queryFn: ({ signal }) => getDiscrepancy(id, signal) });

export const useDiscrepancy = (id: string) => useQuery(discrepancyQueryOptions(id));
