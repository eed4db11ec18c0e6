import type { TAdminDriversResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { payKeys } from './keys';

/** GET /v1/admin/drivers: the drivers whose pay staff look after. */
export const getPayDrivers = async (signal?: AbortSignal) => (await api.get<TAdminDriversResponse>('/v1/admin/drivers', { signal })).data;

export const usePayDrivers = () => useQuery(queryOptions({ queryKey: payKeys.drivers, queryFn: ({ signal }) => getPayDrivers(signal) }));
