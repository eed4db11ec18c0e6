import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiKeysKey } from './get-api-keys';

export const revokeApiKey = (id: string) => api.delete<{ success: boolean }>(`/v1/api-keys/${encodeURIComponent(id)}`);

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }) });
}
