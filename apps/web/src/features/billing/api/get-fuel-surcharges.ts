import type { TFuelSurchargesResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const fuelKeys = { all: ['admin', 'fuel-surcharges'] as const };

/** GET /v1/admin/fuel-surcharges (MANAGER and above), the latest first. */
export const getFuelSurcharges = (signal?: AbortSignal) => api.get<TFuelSurchargesResponse>('/v1/admin/fuel-surcharges', { signal });

export const fuelSurchargesQueryOptions = () =>
  queryOptions({ queryKey: fuelKeys.all, queryFn: ({ signal }) => getFuelSurcharges(signal) });

export const useFuelSurcharges = () => useQuery(fuelSurchargesQueryOptions());
