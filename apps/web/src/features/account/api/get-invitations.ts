import type { TAccountInvitationsResponse } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/domain/account/api/get-my-account';

/** GET /v1/account/invitations: the pending ones (owners). */
export const getInvitations = (signal?: AbortSignal) => api.get<TAccountInvitationsResponse>('/v1/account/invitations', { signal });

export const useInvitations = (enabled: boolean) =>
  useQuery({ queryKey: accountKeys.invitations, queryFn: ({ signal }) => getInvitations(signal), enabled });
