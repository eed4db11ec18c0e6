import { REJECTED_STATUS_WORD, statusLabel } from '@courier/contract';
import clsx from 'clsx';
import { statusBadgeClass } from '@/lib/status-style';

/**
 * The one delivery status badge: the contract's words ("In transit"), coloured by the
 * one colour map (delivered green, in_transit blue, pending yellow, the rest grey). `wrap` lets a long
 * status break over two lines in a tight table cell. (With it, the other line a list shows of every delivery: its route.)
 * A delivered parcel the receiving lab rejected reads "Rejected by lab" in red, never a green "delivered".
 */
export function StatusBadge({
  status,
  className,
  wrap = false,
  rejected = false,
}: {
  status: string;
  className?: string;
  wrap?: boolean;
  rejected?: boolean;
}) {
  return (
    <span
      data-status={rejected ? 'rejected' : status}
      className={clsx(
        'inline-flex items-center px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        wrap ? 'rounded-lg leading-snug' : 'rounded-full whitespace-nowrap',
        rejected ? 'bg-red-50 text-red-700 ring-red-600/20' : statusBadgeClass(status.toLowerCase()),
        className,
      )}
    >
      {rejected ? REJECTED_STATUS_WORD : statusLabel(status)}
    </span>
  );
}

/** Where a delivery goes: "From" its pickup, "To" its delivery address, one line each. */
export function RouteLines({ d }: { d: { pickupAddress: string; deliveryAddress: string } }) {
  return (
    <>
      <span className="block break-words">
        <span className="text-slate-500">From </span>
        {d.pickupAddress}
      </span>
      <span className="block break-words">
        <span className="text-slate-500">To </span>
        {d.deliveryAddress}
      </span>
    </>
  );
}
