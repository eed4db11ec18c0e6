import type { TLiveMapResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Under the board's key: the console's live stream (staff layout) refreshes everything below ['dispatch']. */
export const routePlanningKeys = {
  liveMap: ['dispatch', 'live-map'] as const,
};

/** GET /v1/admin/live-map: drivers with their last position and open jobs with their stops. */
export async function getLiveMap(signal?: AbortSignal): Promise<TLiveMapResponse['data']> {
  return (await api.get<TLiveMapResponse>('/v1/admin/live-map', { signal })).data;
}

export const liveMapQueryOptions = () =>
  queryOptions({ queryKey: routePlanningKeys.liveMap, queryFn: ({ signal }) => getLiveMap(signal), refetchInterval: 30_000 });

export function useLiveMap() {
  return useQuery(liveMapQueryOptions());
}
