import { packageTypeLabel, isRejectedByLab } from '@courier/contract';
import type { TDelivery } from '@courier/contract';
import { ArrowRight, ChevronRight, PackageSearch } from 'lucide-react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { OverdueBadge } from '@/components/ui/overdue-badge';
import { paths } from '@/config/paths';
import { isOverdue } from '@/lib/overdue';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatWhen, truncateAddress } from '@/lib/delivery-format';
import { useMediaQuery } from '@/hooks/use-media-query';
import { DeliveryRow } from '@/domain/deliveries/components/delivery-row';
import { HeadCells } from '@/components/ui/head-cells';

const th = 'px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase';
const td = 'px-4 py-3 text-sm text-slate-700';

/** The 5 most recent deliveries, newest first, with View All. */
export function RecentDeliveries({ deliveries, loading }: { deliveries: TDelivery[]; loading: boolean }) {
  const wide = useMediaQuery('(min-width: 768px)');

  return (
    <section aria-labelledby="recent-title" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="flex items-center justify-between border-b border-slate-100 px-4 py-3 sm:px-5">
        <h2 id="recent-title" className="text-base font-semibold text-slate-900">
          Recent Deliveries
        </h2>
        <Link to={paths.deliveries} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800">
          View All
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </header>
      {loading ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading recent deliveries" />
        </div>
      ) : deliveries.length === 0 ? (
        <div className="flex flex-col items-center px-6 py-12 text-center">
          <PackageSearch aria-hidden="true" className="size-8 text-slate-300" />
          <p className="mt-3 text-sm font-medium text-slate-600">No deliveries yet</p>
          <Link to={paths.orderDelivery} className="mt-2 text-sm font-semibold text-brand-700 hover:underline">
            Make your first request
          </Link>
        </div>
      ) : wide ? (
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-100">
            <thead className="bg-slate-50/70">
              <tr>
                <HeadCells className={th} names={['ID', 'Recipient', 'Package', 'Delivery Address', 'Status', 'Created At']} />
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {deliveries.map((d) => (
                <DeliveryRow key={d._id} id={d._id}>
                  <td className={`${td} font-mono text-[0.8125rem] font-semibold whitespace-nowrap text-slate-900`}>
                    <Link to={paths.delivery(d._id)} onClick={(e) => e.stopPropagation()} className="hover:text-brand-700">
                      #{d.orderId}
                    </Link>
                  </td>
                  <td className={`${td} font-medium text-slate-900`}>{d.recipientName}</td>
                  <td className={`${td} whitespace-nowrap`}>{packageTypeLabel(d.packageType)}</td>
                  <td className={td} title={d.deliveryAddress}>
                    {truncateAddress(d.deliveryAddress)}
                  </td>
                  <td className={td}>
                    <span className="inline-flex flex-wrap items-center gap-1">
                      <StatusBadge status={d.status} rejected={isRejectedByLab(d)} />
                      {isOverdue(d) && <OverdueBadge />}
                    </span>
                  </td>
                  <td className={`${td} whitespace-nowrap text-slate-500`}>{formatWhen(d.createdAt)}</td>
                </DeliveryRow>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100">
          {deliveries.map((d) => (
            <li key={d._id}>
              <Link to={paths.delivery(d._id)} className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50">
                <div className="min-w-0 flex-1">
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-mono text-sm font-semibold text-slate-900">#{d.orderId}</span>
                    <span className="inline-flex flex-wrap items-center gap-1">
                      <StatusBadge status={d.status} rejected={isRejectedByLab(d)} />
                      {isOverdue(d) && <OverdueBadge />}
                    </span>
                  </div>
                  <p className="mt-1 truncate text-sm text-slate-700">{d.recipientName}</p>
                  <p className="text-xs text-slate-500">{formatWhen(d.createdAt)}</p>
                </div>
                <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
