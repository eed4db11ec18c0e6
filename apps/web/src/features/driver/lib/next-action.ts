import { DRIVER_MOVE_STATUSES, nextDriverStatus, type TDeliveryStatus, type TDriverJob } from '@courier/contract';

type TDriverMove = (typeof DRIVER_MOVE_STATUSES)[number];
const isDriverMove = (status: TDeliveryStatus): status is TDriverMove => (DRIVER_MOVE_STATUSES as readonly string[]).includes(status);
import type { TQueued } from './outbox';

export type TNextAction =
  | { kind: 'move'; to: TDriverMove; label: string }
  /** picked_up needs the label's tracking number: the pickup check screen. */
  | { kind: 'pickup'; to: TDriverMove; label: string }
  /** delivered is reached only through the proof of delivery. */
  | { kind: 'proof'; to: TDeliveryStatus; label: string };

const LABELS: Partial<Record<TDeliveryStatus, string>> = {
  moving_to_pickup_location: 'Start pickup run',
  picked_up: 'Check parcel & pick up',
  in_transit: 'Start delivery run',
  delivered: 'Deliver with proof',
  returned: 'Hand back with proof',
};

/** The big button: the driver's next step from the contract's table, or null when there is none. */
export function nextAction(status: TDeliveryStatus): TNextAction | null {
  const to = nextDriverStatus(status);
  if (!to) return null;
  const label = LABELS[to] ?? `Mark ${to.replaceAll('_', ' ')}`;
  // delivered, and returned (the hand-back to the sender), are reached only through the proof.
  if (to === 'delivered' || to === 'returned') return { kind: 'proof', to, label };
  if (!isDriverMove(to)) return null;
  if (to === 'picked_up') return { kind: 'pickup', to, label };
  return { kind: 'move', to, label };
}

/** A failed attempt has no move of the driver's own, yet is not done: dispatch decides the next try or the return. */
export const BACK_ON_BOARD = 'Back on board: re-attempt or return';

/** What a job with no stop number says instead: done, or back on board after a failed attempt. */
export const finishedNote = (status: TDeliveryStatus): string => (status === 'failed_attempt' ? BACK_ON_BOARD : "Done on today's run");

/** The status the driver sees: the server's, moved on by what waits in the outbox. */
export function statusWithQueued(job: Pick<TDriverJob, '_id' | 'status'>, queued: readonly TQueued[]): TDeliveryStatus {
  let status = job.status;
  for (const item of queued) {
    if (item.deliveryId !== job._id) continue;
    if (item.kind !== 'status' && item.kind !== 'proof') continue;
    status = item.kind === 'proof' ? (status === 'returning' ? 'returned' : 'delivered') : item.body.status;
  }
  return status;
}

/**
 * Jobs still to do come first, in route order; finished ones after. Each job still to do gets its stop number
 * (1, 2, 3 in route order), finished ones none: a delivery made offline neither keeps its old number at the
 * bottom nor leaves a gap, and the numbers match the server's once the move is sent.
 */
export function orderJobs<T extends Pick<TDriverJob, 'routeOrder'> & { shownStatus: TDeliveryStatus }>(
  jobs: T[],
): (T & { stop: number | null })[] {
  const done = (j: T) => (nextAction(j.shownStatus) ? 0 : 1);
  let stop = 0;
  return [...jobs].sort((a, b) => done(a) - done(b) || a.routeOrder - b.routeOrder).map((j) => ({ ...j, stop: done(j) ? null : ++stop }));
}

/** End of the phone's day: a job counts for today when it is due by then, overdue, or has no required-by. */
export function isDueToday(job: Pick<TDriverJob, 'requiredBy'>, now: Date): boolean {
  if (!job.requiredBy) return true;
  const endOfDay = new Date(now);
  endOfDay.setHours(23, 59, 59, 999);
  return new Date(job.requiredBy).getTime() <= endOfDay.getTime();
}
