import type { TCreateFhirClientRequest, TCreateFhirClientResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fhirClientsKey } from './get-fhir-clients';

/** Registers a lab system's public keys; the answer carries its client_id and the token URL. */
export const createFhirClient = async (input: TCreateFhirClientRequest) =>
  (await api.post<TCreateFhirClientResponse>('/v1/integrations/fhir-clients', input)).data;

export function useCreateFhirClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createFhirClient, onSettled: () => queryClient.invalidateQueries({ queryKey: fhirClientsKey }) });
}
