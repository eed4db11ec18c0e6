import { DISCREPANCY_KIND_LABELS, DISCREPANCY_STATUS_LABELS, type TDiscrepancyKind, type TDiscrepancyStatus } from '@courier/contract';
import clsx from 'clsx';
import { AlarmClock } from 'lucide-react';

const STATUS_STYLE: Record<TDiscrepancyStatus, string> = {
  open: 'bg-amber-50 text-amber-900 ring-amber-300',
  investigating: 'bg-sky-50 text-sky-900 ring-sky-300',
  resolved: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
};

export function CaseStatusBadge({ status }: { status: TDiscrepancyStatus }) {
  return (
    <span className={clsx('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 whitespace-nowrap', STATUS_STYLE[status])}>
      {DISCREPANCY_STATUS_LABELS[status]}
    </span>
  );
}

export const kindLabel = (kind: TDiscrepancyKind) => DISCREPANCY_KIND_LABELS[kind];

/** Past its 24 hours and unresolved: red, with an icon and the word so it never rests on colour alone. */
export function CaseOverdueBadge() {
  return (
    <span
      title="Open for more than 24 hours"
      className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-red-800 ring-1 ring-red-300"
    >
      <AlarmClock aria-hidden="true" className="size-3.5" />
      Overdue
    </span>
  );
}
