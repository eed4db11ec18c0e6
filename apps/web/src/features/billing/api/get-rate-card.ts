import type { TRateCardResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rateCardsKeys } from './get-rate-cards';

/** GET /v1/admin/rate-cards/{id}: the current prices and the versions. */
export const getRateCard = (id: string, signal?: AbortSignal) =>
  api.get<TRateCardResponse>(`/v1/admin/rate-cards/${encodeURIComponent(id)}`, { signal });

export const rateCardQueryOptions = (id: string) =>
  queryOptions({ queryKey: rateCardsKeys.one(id), queryFn: ({ signal }) => getRateCard(id, signal) });

export const useRateCard = (id: string | undefined) => useQuery({ ...rateCardQueryOptions(id ?? ''), enabled: !!id });
