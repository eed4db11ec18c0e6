import type { TImportResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deliveriesKeys } from '@/domain/deliveries/api/get-my-deliveries';

/** POST /v1/deliveries/import with the file as text/csv: 201 with the count, or 422 listing every bad cell. */
export async function importDeliveries(csv: string): Promise<TImportResponse> {
  return api.post<TImportResponse>('/v1/deliveries/import', csv, { headers: { 'Content-Type': 'text/csv' } });
}

export function useImportDeliveries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importDeliveries,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: deliveriesKeys.all }),
  });
}
