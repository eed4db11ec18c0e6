import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_LIST_PARAMS, myDeliveriesQueryOptions } from '@/domain/deliveries/api/get-my-deliveries';

export function useDashboard() {
  return useQuery({ ...myDeliveriesQueryOptions(DASHBOARD_LIST_PARAMS), placeholderData: undefined });
}
