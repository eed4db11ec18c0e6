import type { TAdminDelivery, TAdminDeliveriesResponse, TDelivery } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dispatchKeys } from './get-admin-deliveries';

export interface TStaffDeliveryView {
  delivery: TDelivery;
  /** The board's row for it: customer, driver, late flag, current place, cancel reason. */
  row: TAdminDelivery | null;
}

/**
 * GET /v1/deliveries/{id} (the audited staff read of every field) and the staff list's row for the same
 * order (who booked it, who drives it).
 */
export async function getStaffDelivery(id: string, signal?: AbortSignal): Promise<TStaffDeliveryView> {
  const body = await api.get<{ data: TDelivery }>(`/v1/deliveries/${encodeURIComponent(id)}`, { signal });
  const delivery = body.data;
  const list = await api.get<TAdminDeliveriesResponse>('/v1/admin/deliveries', {
    query: { q: delivery.orderId, status: 'all', limit: 5 },
    signal,
  });
  const row = list.deliveries.find((d) => d._id === delivery._id) ?? null;
  return { delivery, row };
}

export const staffDeliveryQueryOptions = (id: string) =>
  queryOptions({ queryKey: dispatchKeys.delivery(id), queryFn: ({ signal }) => getStaffDelivery(id, signal) });

export function useStaffDelivery(id: string) {
  return useQuery(staffDeliveryQueryOptions(id));
}
