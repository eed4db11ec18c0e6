import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_LIST_PARAMS, myDeliveriesQueryOptions } from '@/domain/deliveries/api/get-my-deliveries';

/** The profile's counts come from the same my-deliveries call as the dashboard (and share its cache). */
export function useProfileStats(enabled: boolean) {
  return useQuery({
    ...myDeliveriesQueryOptions(DASHBOARD_LIST_PARAMS),
    placeholderData: undefined,
    enabled,
    select: (list) => list.stats,
  });
}
