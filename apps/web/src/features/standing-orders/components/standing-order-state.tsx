import type { TStandingOrder } from '@courier/contract';
import clsx from 'clsx';

const STYLE: Record<TStandingOrder['status'], string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  paused: 'bg-amber-50 text-amber-900 ring-amber-200',
  ended: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/** The standing order's state, and whether staff pre-approved its deliveries. */
export function StandingOrderState({ order }: { order: TStandingOrder }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      <span className={clsx('rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset', STYLE[order.status])}>
        {order.status}
      </span>
      {order.preApproved && (
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset">
          pre-approved
        </span>
      )}
    </span>
  );
}
