import type { TAdminDelivery, TAdminDeliveryResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dispatchKeys } from './get-admin-deliveries';

/** GET /v1/admin/deliveries/{id}: every field, who booked it, who drives it; the server audits the read. */
export async function getDispatchDelivery(id: string, signal?: AbortSignal): Promise<TAdminDelivery> {
  return (await api.get<TAdminDeliveryResponse>(`/v1/admin/deliveries/${encodeURIComponent(id)}`, { signal })).data;
}

export const dispatchDeliveryQueryOptions = (id: string) =>
  queryOptions({ queryKey: dispatchKeys.delivery(id), queryFn: ({ signal }) => getDispatchDelivery(id, signal) });

export function useDispatchDelivery(id: string) {
  return useQuery(dispatchDeliveryQueryOptions(id));
}
