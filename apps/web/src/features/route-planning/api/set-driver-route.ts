import type { TDriverRouteResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * PUT /v1/admin/drivers/{driverId}/route {deliveryIds}: the driver's jobs in this order (a job of another driver,
 * not yet picked up, moves to this one). The driver's phone follows through the live stream.
 */
export const setDriverRoute = async (input: { driverId: string; deliveryIds: string[] }) =>
  (await api.put<TDriverRouteResponse>(`/v1/admin/drivers/${encodeURIComponent(input.driverId)}/route`, { deliveryIds: input.deliveryIds }))
    .data;

export function useSetDriverRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDriverRoute,
    // The map, the board and the drivers' loads all change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['dispatch'] }),
  });
}
