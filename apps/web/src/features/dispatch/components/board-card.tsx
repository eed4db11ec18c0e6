import { deliveryTypeLabel, holdStateOf, isDiscrepancyOverdue, isRejectedByLab, type TAdminDelivery } from '@courier/contract';
import clsx from 'clsx';
import { Building2, MapPin, Navigation, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { HandlingBadges } from '@/components/ui/handling-badges';
import { RouteLines, StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { CountdownChip } from './countdown-chip';
import { JobCheckbox } from './bulk-dispatch';
import { actionTargetOf, DeliveryActions } from './delivery-actions';
import { HandlingCountdown } from './handling-countdown';
import { ExceptionSummary } from './exception-summary';

/** One delivery on the dispatch board: where from and to, who, how urgent, and the moves staff may make. */
export function BoardCard({ delivery: d }: { delivery: TAdminDelivery }) {
  const openCases = (d.discrepancies ?? []).filter((c) => c.status !== 'resolved');
  const now = new Date();
  const overdueCase = openCases.find((c) => isDiscrepancyOverdue(c, now));
  return (
    <li
      aria-label={`Delivery #${d.orderId}`}
      data-job-id={d._id}
      data-order-id={d.orderId}
      tabIndex={-1}
      className={clsx(
        'rounded-xl border bg-white p-3 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
        d.isLate || d.decisionLate || holdStateOf(d) === 'held' || overdueCase
          ? 'border-red-300 ring-1 ring-red-200'
          : d.priority === 'stat'
            ? 'border-l-4 border-fuchsia-500'
            : 'border-slate-200',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <JobCheckbox id={d._id} orderId={d.orderId} />
        <Link to={paths.adminDelivery(d._id)} className="font-mono text-sm font-semibold text-brand-700 hover:underline">
          #{d.orderId}
        </Link>
        <StatusBadge status={d.status} rejected={isRejectedByLab(d)} />
        <span
          className={clsx(
            'rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
            d.deliveryType === 'EXPRESS' || d.deliveryType === 'SAME_DAY'
              ? 'bg-violet-50 text-violet-800 ring-violet-200'
              : 'bg-slate-50 text-slate-700 ring-slate-200',
          )}
        >
          <span className="sr-only">Service level: </span>
          {deliveryTypeLabel(d.deliveryType)}
        </span>
        <span className="ml-auto">
          <CountdownChip requiredBy={d.requiredBy} status={d.status} />
        </span>
      </div>
      <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
        <HandlingBadges handling={d} />
        <HandlingCountdown delivery={d} />
        {d.receipt?.status === 'rejected' && (
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold text-red-800">Receipt rejected</span>
        )}
        {openCases.length > 0 && (
          <Link
            to={paths.adminDiscrepancy((overdueCase ?? openCases[0]).id)}
            className={clsx(
              'rounded-full px-2 py-0.5 text-xs font-bold hover:underline',
              overdueCase ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900',
            )}
          >
            {openCases.length === 1 ? '1 open case' : `${openCases.length} open cases`}
            {overdueCase ? ' · overdue' : ''}
          </Link>
        )}
      </div>
      <ExceptionSummary delivery={d} />
      <dl className="mt-2 space-y-1 text-sm text-slate-700">
        {d.customer.name && (
          <div className="flex gap-2">
            <dt>
              <Building2 aria-hidden="true" className="mt-0.5 size-4 text-slate-400" />
              <span className="sr-only">Customer</span>
            </dt>
            <dd className="min-w-0 truncate">
              {d.customer.name}
              {d.customer.organisation && <span className="text-slate-500"> · {d.customer.organisation}</span>}
            </dd>
          </div>
        )}
        <div className="flex gap-2">
          <dt>
            <UserRound aria-hidden="true" className="mt-0.5 size-4 text-slate-400" />
            <span className="sr-only">Recipient</span>
          </dt>
          <dd className="min-w-0 truncate">
            {d.recipientName} <span className="text-slate-500">· {d.packageType.toLowerCase().replace('_', ' ')}</span>
          </dd>
        </div>
        <div className="flex gap-2">
          <dt>
            <MapPin aria-hidden="true" className="mt-0.5 size-4 text-slate-400" />
            <span className="sr-only">Route</span>
          </dt>
          <dd className="min-w-0">
            <RouteLines d={d} />
          </dd>
        </div>
        {d.driver && (
          <div className="flex gap-2">
            <dt>
              <Navigation aria-hidden="true" className="mt-0.5 size-4 text-slate-400" />
              <span className="sr-only">Driver</span>
            </dt>
            <dd className="min-w-0 truncate">
              {d.driver.name}
              {d.currentLocation && <span className="text-slate-500"> · {d.currentLocation}</span>}
            </dd>
          </div>
        )}
      </dl>
      <div className="mt-3">
        <DeliveryActions delivery={actionTargetOf(d)} />
      </div>
    </li>
  );
}
