import type { TTemperatureTrace } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Where a page reads a parcel's trace: the owner's and staff's delivery, or the receiving lab's link. */
export type TraceSource = { deliveryId: string } | { receiptToken: string };

export const tracePath = (source: TraceSource) =>
  'deliveryId' in source
    ? `/v1/deliveries/${encodeURIComponent(source.deliveryId)}/temperature`
    : `/v1/receipts/${encodeURIComponent(source.receiptToken)}/temperature`;

/** GET the parcel's temperature trace: readings (probe and logger), boundaries, breaches and gaps. */
export function useTemperatureTrace(source: TraceSource) {
  const path = tracePath(source);
  return useQuery({
    queryKey: ['temperature-trace', path] as const,
    queryFn: async ({ signal }) => (await api.get<{ data: TTemperatureTrace }>(path, { signal })).data,
    staleTime: 15_000,
    refetchInterval: 60_000,
  });
}
