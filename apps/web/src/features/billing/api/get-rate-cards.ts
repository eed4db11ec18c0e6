import type { TRateCardsResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const rateCardsKeys = { all: ['admin', 'rate-cards'] as const, one: (id: string) => ['admin', 'rate-cards', id] as const };

/** GET /v1/admin/rate-cards (MANAGER and above): every card with its current version. */
export const getRateCards = (signal?: AbortSignal) => api.get<TRateCardsResponse>('/v1/admin/rate-cards', { signal });

export const rateCardsQueryOptions = () => queryOptions({ queryKey: rateCardsKeys.all, queryFn: ({ signal }) => getRateCards(signal) });

export const useRateCards = () => useQuery(rateCardsQueryOptions());
