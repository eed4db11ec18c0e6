import type { TCreateHl7SenderRequest, THl7Sender } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { hl7SendersKey } from './get-hl7-senders';

export const createHl7Sender = async (input: TCreateHl7SenderRequest) =>
  (await api.post<{ success: boolean; data: THl7Sender }>('/v1/integrations/hl7-senders', input)).data;

export function useCreateHl7Sender() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createHl7Sender, onSettled: () => queryClient.invalidateQueries({ queryKey: hl7SendersKey }) });
}
