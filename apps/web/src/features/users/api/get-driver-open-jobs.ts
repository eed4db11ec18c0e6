import type { TAdminDeliveriesResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A driver's open jobs (assigned, on the way, on board), from the staff list: what a role change or disabling leaves behind. */
export const getDriverOpenJobs = async (driverId: string, signal?: AbortSignal) =>
  (
    await api.get<TAdminDeliveriesResponse>('/v1/admin/deliveries', {
      query: { driverId, status: 'on_the_road', sort: 'required-by', limit: 100 },
      signal,
    })
  ).deliveries.map((d) => ({ _id: d._id, orderId: d.orderId, status: d.status }));

export const driverOpenJobsQueryOptions = (driverId: string) =>
  queryOptions({ queryKey: ['users', 'driver-open-jobs', driverId], queryFn: ({ signal }) => getDriverOpenJobs(driverId, signal) });

export const useDriverOpenJobs = (driverId: string, enabled: boolean) => useQuery({ ...driverOpenJobsQueryOptions(driverId), enabled });
