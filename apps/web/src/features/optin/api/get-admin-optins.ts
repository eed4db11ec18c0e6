import type { TAdminOptinsResponse } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v1/admin/optins: every SMS consent with its wording and time. */
export const getAdminOptins = (page: number, signal?: AbortSignal) =>
  api.get<TAdminOptinsResponse>('/v1/admin/optins', { query: { page }, signal });

export const adminOptinsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'optins', page],
    queryFn: ({ signal }) => getAdminOptins(page, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminOptins = (page: number) => useQuery(adminOptinsQueryOptions(page));
