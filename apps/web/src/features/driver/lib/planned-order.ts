import { ON_BOARD_STATUSES, type TDeliveryStatus, type TDriverJob } from '@courier/contract';

const UNDER_WAY: readonly TDeliveryStatus[] = [...ON_BOARD_STATUSES, 'moving_to_pickup_location'];

/**
 * The order the driver's run follows: a job already under way and outside the plan first (a parcel on
 * board is not left for last), then the applied route plan's jobs in its order, then the others by the
 * server's route order.
 */
export function runOrder(job: Pick<TDriverJob, 'routeOrder' | 'plannedOrder'>, status: TDeliveryStatus): number {
  if (job.plannedOrder != null) return job.plannedOrder;
  return (UNDER_WAY.includes(status) ? -100_000 : 100_000) + job.routeOrder;
}

/** "09:42": the planned arrival at the job's next stop, in the phone's time zone; '' without one. */
export function plannedTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}
