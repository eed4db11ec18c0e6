import type { TAuditResponse } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface TAuditFilter {
  page: number;
  action?: string;
  entity?: string;
  actorId?: string;
  /** Words of the actor's name or e-mail. */
  actor?: string;
  kind?: 'changes' | 'reads';
  from?: string;
  to?: string;
}

/** GET /v1/admin/audit: the append-only log, newest first, filtered. */
export const getAuditLog = (filter: TAuditFilter, signal?: AbortSignal) =>
  api.get<TAuditResponse>('/v1/admin/audit', { query: { ...filter }, signal });

export const auditLogQueryOptions = (filter: TAuditFilter) =>
  queryOptions({
    queryKey: ['admin', 'audit', filter],
    queryFn: ({ signal }) => getAuditLog(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (filter: TAuditFilter) => useQuery(auditLogQueryOptions(filter));
