import type { TPayItem, TPayTotals } from '@courier/contract';
import { formatCents, milesText } from '../lib/money';

const CODE_LABELS: Record<TPayItem['code'], string> = {
  job: 'Job',
  failed_attempt: 'Failed drop',
  return: 'Return',
  adjustment: 'Adjustment',
};

/** Items with their arithmetic in words, then the period's totals. A list on a phone, a table's rows on a desk. */
export function PayItemsList({ items, totals, empty }: { items: TPayItem[]; totals: TPayTotals; empty: string }) {
  return (
    <div>
      {items.length === 0 ? (
        <p className="py-4 text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item._id} className="flex items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900">
                  {CODE_LABELS[item.code]}
                  {item.orderId ? <span className="ml-2 font-mono text-xs text-slate-600">{item.orderId}</span> : null}
                  <span className="ml-2 text-xs font-normal text-slate-500">{item.earnedOn}</span>
                </p>
                <p className="text-sm break-words text-slate-600">{item.explanation}</p>
              </div>
              <p className={`shrink-0 text-sm font-semibold tabular-nums ${item.amountCents < 0 ? 'text-red-700' : 'text-slate-900'}`}>
                {formatCents(item.amountCents)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-3 border-t border-slate-200 pt-3 text-sm sm:grid-cols-5">
        <div>
          <dt className="text-xs text-slate-500">Jobs</dt>
          <dd className="font-semibold text-slate-900">{totals.jobs}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Miles</dt>
          <dd className="font-semibold text-slate-900">{milesText(totals.milesTenths)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Gross</dt>
          <dd className="font-semibold text-slate-900">{formatCents(totals.grossCents)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Adjustments</dt>
          <dd className="font-semibold text-slate-900">{formatCents(totals.adjustmentsCents)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Net</dt>
          <dd className="font-bold text-slate-900">{formatCents(totals.netCents)}</dd>
        </div>
      </dl>
    </div>
  );
}
