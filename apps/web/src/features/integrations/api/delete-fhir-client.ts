import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fhirClientsKey } from './get-fhir-clients';

export const deleteFhirClient = (id: string) => api.delete<{ success: boolean }>(`/v1/integrations/fhir-clients/${encodeURIComponent(id)}`);

export function useDeleteFhirClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFhirClient, onSettled: () => queryClient.invalidateQueries({ queryKey: fhirClientsKey }) });
}
