import { DASHBOARD_RECENT_COUNT } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { myDeliveriesQueryOptions, type TMyDeliveriesParams } from '@/features/deliveries/api/get-my-deliveries';

/** One list call gives both: the 5 newest deliveries and the counts over all of them. */
export const DASHBOARD_LIST_PARAMS: TMyDeliveriesParams = { page: 1, limit: DASHBOARD_RECENT_COUNT, status: 'all', sort: 'newest', q: '' };

export function useDashboard() {
  return useQuery({ ...myDeliveriesQueryOptions(DASHBOARD_LIST_PARAMS), placeholderData: undefined });
}
