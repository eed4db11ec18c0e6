import type { TMyAccountResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const accountKeys = {
  all: ['account'] as const,
  mine: ['account', 'mine'] as const,
  members: ['account', 'members'] as const,
  invitations: ['account', 'invitations'] as const,
};

/** GET /v1/account: the caller's account and their role in it. */
export const getMyAccount = (signal?: AbortSignal) => api.get<TMyAccountResponse>('/v1/account', { signal });

export const myAccountQueryOptions = () => queryOptions({ queryKey: accountKeys.mine, queryFn: ({ signal }) => getMyAccount(signal) });

export const useMyAccount = () => useQuery(myAccountQueryOptions());
