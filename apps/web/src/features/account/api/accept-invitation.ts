import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /v1/account/invitations/accept: a signed-in customer joins the account. */
export const acceptInvitation = (token: string) =>
  api.post<{ success: true; message: string; data: { account: { _id: string; name: string } } }>('/v1/account/invitations/accept', {
    token,
  });

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  // Everything the customer sees may change with the account (its deliveries for an owner): start afresh.
  return useMutation({ mutationFn: acceptInvitation, onSuccess: () => queryClient.invalidateQueries() });
}
