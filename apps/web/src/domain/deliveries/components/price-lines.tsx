import type { TPrice } from '@courier/contract';
import clsx from 'clsx';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** "$48.25": integer cents as the customer reads them. */
export const formatPrice = (cents: number) => usd.format(cents / 100);

/**
 * A price line by line (each line's description says its arithmetic) and its total: the booking form's review, the
 * delivery's detail for its owner and staff. `final` false adds that lines may still come (wait, attempts, return).
 */
export function PriceLines({
  price,
  title = 'Price',
  final,
  miles,
  className,
}: {
  price: TPrice;
  title?: string;
  final?: boolean;
  miles?: number;
  className?: string;
}) {
  return (
    <section aria-label={title} className={clsx('rounded-lg border border-slate-200 bg-white', className)}>
      <h3 className="border-b border-slate-100 px-3 py-2 text-sm font-semibold text-slate-900">
        {title}
        {miles !== undefined && <span className="ml-2 font-normal text-slate-600">{miles} billable mi</span>}
      </h3>
      <ul className="divide-y divide-slate-100" data-testid="price-lines">
        {price.lines.length === 0 && <li className="px-3 py-2 text-sm text-slate-600">No charge</li>}
        {price.lines.map((line) => (
          <li key={`${line.code}-${line.description}`} className="flex items-start justify-between gap-3 px-3 py-2 text-sm">
            <span className="min-w-0 text-slate-700">{line.description}</span>
            <span className="shrink-0 font-medium text-slate-900 tabular-nums">{formatPrice(line.amountCents)}</span>
          </li>
        ))}
      </ul>
      <p className="flex items-center justify-between gap-3 border-t border-slate-200 px-3 py-2 text-sm font-semibold text-slate-900">
        <span>Total{final === false ? ' so far' : ''}</span>
        <span className="tabular-nums" data-testid="price-total">
          {formatPrice(price.totalCents)}
        </span>
      </p>
      {final === false && (
        <p className="px-3 pb-2 text-xs text-slate-600">Wait time, failed attempts or a return are added as they happen.</p>
      )}
    </section>
  );
}
