import clsx from 'clsx';
import type { TAdminHandlingFilter, TAdminStatusFilter } from '@courier/contract';
import { useId } from 'react';
import { useAdminDeliveries } from '../api/get-admin-deliveries';
import { BoardCard } from './board-card';
import { SelectPageBox } from './bulk-dispatch';

/** One column of the board: a status group, STAT first then most urgent (the server's order). */
export function BoardColumn({
  title,
  status,
  q,
  handling,
  empty,
  className,
}: {
  title: string;
  status: TAdminStatusFilter;
  q: string;
  handling?: TAdminHandlingFilter;
  empty: string;
  className?: string;
}) {
  const headingId = useId();
  const { data, isPending, isError } = useAdminDeliveries({ status, handling, q: q || undefined, sort: 'required-by', limit: 50 });
  const deliveries = data?.deliveries ?? [];
  const late = deliveries.filter((d) => d.isLate).length;
  return (
    <section aria-labelledby={headingId} className={clsx('min-w-0 flex-col rounded-2xl bg-slate-100/80 p-3', className)}>
      <header className="mb-3 flex items-center gap-2 px-1">
        <SelectPageBox jobs={deliveries.map((d) => ({ id: d._id, orderId: d.orderId }))} label={`Select all in ${title}`} />
        <h2 id={headingId} className="text-sm font-semibold text-slate-800">
          {title}
        </h2>
        <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-slate-600 ring-1 ring-slate-200">
          {data?.paging.total ?? '…'}
        </span>
        {late > 0 && <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-700">{late} late or at risk</span>}
      </header>
      {isPending ? (
        <p className="px-1 py-6 text-center text-sm text-slate-600">Loading…</p>
      ) : isError ? (
        <p className="px-1 py-6 text-center text-sm text-red-700">Could not load this column.</p>
      ) : deliveries.length === 0 ? (
        <p className="px-1 py-6 text-center text-sm text-slate-600">{q ? 'No delivery matches.' : empty}</p>
      ) : (
        <ul className="space-y-3 lg:max-h-[calc(100dvh-18rem)] lg:min-h-40 lg:overflow-y-auto lg:pr-1">
          {deliveries.map((d) => (
            <BoardCard key={d._id} delivery={d} />
          ))}
        </ul>
      )}
    </section>
  );
}
