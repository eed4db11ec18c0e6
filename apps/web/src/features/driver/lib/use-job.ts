import type { TDeliveryStatus, TDriverJob } from '@courier/contract';
import { useDriverJobs } from '../api/get-driver-jobs';
import { orderJobs, statusWithQueued } from './next-action';
import { useQueuedMoves } from './use-outbox';

export interface TJobView {
  job: TDriverJob;
  /** The status with the moves that wait in the outbox applied. */
  status: TDeliveryStatus;
  waiting: boolean;
}

/** The driver's jobs as they stand on this phone (server list plus queued moves). */
export function useJobViews() {
  const query = useDriverJobs();
  const queued = useQueuedMoves();
  const views: TJobView[] = (query.data ?? []).map((job) => ({
    job,
    status: statusWithQueued(job, queued),
    waiting: queued.some((item) => item.deliveryId === job._id),
  }));
  return { ...query, views };
}

/** The driver's jobs in route order, each still to do with its stop number (1, 2, 3), finished ones after. */
export function useOrderedJobViews() {
  const { views, ...query } = useJobViews();
  const ordered = orderJobs(views.map((v) => ({ ...v, routeOrder: v.job.routeOrder, shownStatus: v.status })));
  return { ...query, views, ordered };
}

export function useJobView(id: string) {
  const { views, ordered, ...query } = useOrderedJobViews();
  return { ...query, view: views.find((v) => v.job._id === id), stop: ordered.find((v) => v.job._id === id)?.stop ?? null };
}
