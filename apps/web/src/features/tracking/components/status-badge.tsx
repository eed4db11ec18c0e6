import { statusLabel } from '@courier/contract';
import clsx from 'clsx';
import { statusBadgeClass } from '../lib/status-style';

/** A delivery status as SPEC shows it: lower case, underscores as spaces, coloured by status. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span
      data-status={status}
      className={clsx(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset',
        statusBadgeClass(status),
        className,
      )}
    >
      {statusLabel(status)}
    </span>
  );
}
