import type { TDriverArrivedRequest, TDriverJobResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { driverKeys } from './get-driver-jobs';

/** POST /v1/driver/deliveries/{id}/arrived: the driver is at a stop; the wait runs from the first tap. */
export const markArrived = (id: string, stop: TDriverArrivedRequest['stop']) =>
  api.post<TDriverJobResponse>(`/v1/driver/deliveries/${id}/arrived`, { stop });

export function useMarkArrived(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stop: TDriverArrivedRequest['stop']) => markArrived(id, stop),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: driverKeys.jobs }),
  });
}
