import type { TDeliveryStatus, TDriverJob } from '@courier/contract';
import { useDriverJobs } from '../api/get-driver-jobs';
import { statusWithQueued } from './next-action';
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

export function useJobView(id: string) {
  const { views, ...query } = useJobViews();
  return { ...query, view: views.find((v) => v.job._id === id) };
}
