import type { TCreateApiKeyRequest, TCreateApiKeyResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiKeysKey } from './get-api-keys';

/** The answer carries the secret, shown once. */
export const createApiKey = async (input: TCreateApiKeyRequest) => (await api.post<TCreateApiKeyResponse>('/v1/api-keys', input)).data;

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }) });
}
