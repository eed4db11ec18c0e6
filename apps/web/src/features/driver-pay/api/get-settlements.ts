import type { TSettlementsResponse } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { payKeys } from './keys';

/** GET /v1/admin/settlements?status&driverId&from&to (STAFF and above). */
export const getSettlements = (filter: Record<string, string>, signal?: AbortSignal) =>
  api.get<TSettlementsResponse>('/v1/admin/settlements', { query: filter, signal });

export const useSettlements = (filter: Record<string, string>) =>
  useQuery({ queryKey: payKeys.settlements(filter), queryFn: ({ signal }) => getSettlements(filter, signal) });
