import type { TDeliveryStatus } from '@courier/contract';
import { toDate } from './format-date';

/** Past its required-by time and still on its way: neither delivered nor cancelled. */
export function isOverdue(d: { status: TDeliveryStatus; requiredBy: string | null }, now: Date = new Date()): boolean {
  if (d.status === 'delivered' || d.status === 'cancelled') return false;
  const due = toDate(d.requiredBy);
  return due !== null && due.getTime() < now.getTime();
}
