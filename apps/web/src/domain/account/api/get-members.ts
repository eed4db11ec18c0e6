import type { TAccountMembersResponse } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from './get-my-account';

/** GET /v1/account/members (owners). */
export const getMembers = (signal?: AbortSignal) => api.get<TAccountMembersResponse>('/v1/account/members', { signal });

export const useMembers = (enabled: boolean) =>
  useQuery({ queryKey: accountKeys.members, queryFn: ({ signal }) => getMembers(signal), enabled });
