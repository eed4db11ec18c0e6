import type { TInvitationPreviewResponse } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v1/account/invitations/preview?token (public): what the link is for. */
export const getInvitationPreview = (token: string, signal?: AbortSignal) =>
  api.get<TInvitationPreviewResponse>('/v1/account/invitations/preview', { query: { token }, signal });

export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: ['account', 'invitation', token],
    queryFn: ({ signal }) => getInvitationPreview(token, signal),
    enabled: !!token,
    retry: false,
  });
