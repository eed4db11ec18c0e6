import type { TDeliveryReport, TDeliveryReportResponse, TReportGroup } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Staff read everyone's report; a customer reads their own. */
export type TReportScope = 'staff' | 'own';
export interface TReportFilter {
  from?: string;
  to?: string;
  groupBy: TReportGroup;
}

export const reportPath = (scope: TReportScope) => (scope === 'staff' ? '/v1/admin/reports/deliveries' : '/v1/reports/deliveries');

export const reportKeys = { report: (scope: TReportScope, filter: TReportFilter) => ['reports', scope, filter] as const };

/** GET /v1/admin/reports/deliveries or /v1/reports/deliveries: the figures over a range of booking days. */
export async function getDeliveryReport(scope: TReportScope, filter: TReportFilter, signal?: AbortSignal): Promise<TDeliveryReport> {
  return (await api.get<TDeliveryReportResponse>(reportPath(scope), { query: { ...filter }, signal })).data;
}

export const deliveryReportQueryOptions = (scope: TReportScope, filter: TReportFilter) =>
  queryOptions({
    queryKey: reportKeys.report(scope, filter),
    queryFn: ({ signal }) => getDeliveryReport(scope, filter, signal),
    placeholderData: keepPreviousData,
  });

export function useDeliveryReport(scope: TReportScope, filter: TReportFilter) {
  return useQuery(deliveryReportQueryOptions(scope, filter));
}
