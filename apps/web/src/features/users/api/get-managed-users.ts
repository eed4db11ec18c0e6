import type { TRole, TUsersResponse } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface TUsersFilter {
  page: number;
  role?: TRole;
  q?: string;
}

export const managedUsersKeys = { all: ['admin', 'users'] as const, list: (f: TUsersFilter) => ['admin', 'users', f] as const };

/** GET /v1/admin/users (ADMIN and above). */
export const getManagedUsers = (filter: TUsersFilter, signal?: AbortSignal) =>
  api.get<TUsersResponse>('/v1/admin/users', { query: { ...filter }, signal });

export const managedUsersQueryOptions = (filter: TUsersFilter) =>
  queryOptions({
    queryKey: managedUsersKeys.list(filter),
    queryFn: ({ signal }) => getManagedUsers(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useManagedUsers = (filter: TUsersFilter) => useQuery(managedUsersQueryOptions(filter));
