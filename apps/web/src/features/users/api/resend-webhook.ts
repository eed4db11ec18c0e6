import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookLogKey } from './get-webhook-log';

export const resendWebhook = ({ id, attemptId }: { id: string; attemptId: string }) =>
  api.post<{ success: boolean }>(`/v1/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(attemptId)}/resend`);

export function useResendWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWebhook,
    // The worker sends within a moment; look again shortly after.
    onSettled: (_data, _error, { id }) => setTimeout(() => void queryClient.invalidateQueries({ queryKey: webhookLogKey(id) }), 1500),
  });
}
