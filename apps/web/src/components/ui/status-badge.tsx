import { statusLabel } from '@courier/contract';
import clsx from 'clsx';
import { statusBadgeClass } from '@/lib/status-style';

/**
 * The one delivery status badge: lower-cased with underscores as spaces, coloured by the
 * one colour map (delivered green, in_transit blue, pending yellow, the rest grey). `wrap` lets a long
 * status break over two lines in a tight table cell.
 */
export function StatusBadge({ status, className, wrap = false }: { status: string; className?: string; wrap?: boolean }) {
  return (
    <span
      data-status={status}
      className={clsx(
        'inline-flex items-center px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        wrap ? 'rounded-lg leading-snug' : 'rounded-full whitespace-nowrap',
        statusBadgeClass(status.toLowerCase()),
        className,
      )}
    >
      {statusLabel(status)}
    </span>
  );
}
