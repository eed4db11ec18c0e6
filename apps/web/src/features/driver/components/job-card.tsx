import type { TDeliveryStatus, TDriverJob } from '@courier/contract';
import clsx from 'clsx';
import { Check, ChevronRight, Clock, CloudUpload, MapPin, Navigation, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { HandlingBadges } from '@/components/ui/handling-badges';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { requiredByCountdown, useNow } from '@/lib/required-by';
import { ON_BOARD_STATUSES } from '@courier/contract';
import { BACK_ON_BOARD } from '../lib/next-action';
import { plannedTime } from '../lib/planned-order';
import { mapsUrl } from './job-stop';

/** One job on the driver's list: its order in the run, where to go next, and how much time is left. */
export function JobCard({
  job,
  stop,
  status,
  waiting,
  next = false,
}: {
  job: TDriverJob;
  /** Its number among the stops still to do; null once finished. */
  stop: number | null;
  status: TDeliveryStatus;
  waiting: boolean;
  /** The next stop of the run: highlighted, with directions one tap away. */
  next?: boolean;
}) {
  const now = useNow();
  const countdown = requiredByCountdown(job.requiredBy, status, now);
  const headingTo = ON_BOARD_STATUSES.includes(status) || status === 'delivered' ? job.deliveryAddress : job.pickupAddress;
  const planned = stop !== null ? plannedTime(job.plannedArrival) : '';
  return (
    <li className={clsx(next && 'rounded-2xl ring-2 ring-brand-500 ring-offset-2')}>
      {next && <p className="px-1 pb-1 text-xs font-bold tracking-wide text-brand-700 uppercase">Next stop</p>}
      <Link
        to={paths.driverJob(job._id)}
        // Named by its text (no aria-label): a speech user says what they see (WCAG 2.5.3, label in name).
        className={clsx(
          'flex items-center gap-3 rounded-2xl border bg-white p-4 shadow-sm active:bg-slate-50',
          next ? 'border-brand-200 bg-brand-50/40' : 'border-slate-200',
        )}
      >
        {stop === null && status === 'failed_attempt' ? (
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800">
            <TriangleAlert aria-hidden="true" className="size-5" />
          </span>
        ) : stop === null ? (
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
            <Check aria-hidden="true" className="size-5" />
          </span>
        ) : (
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
            <span className="sr-only">Job </span>
            {stop}
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-semibold text-slate-900">#{job.orderId}</span>
            <StatusBadge status={status} />
            <HandlingBadges handling={job} />
            {waiting && <CloudUpload aria-label="Waiting to be sent" className="size-4 text-amber-600" />}
          </span>
          <span className="mt-1 flex items-start gap-1 text-sm text-slate-600">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
            <span className="line-clamp-2">{headingTo}</span>
          </span>
          {stop === null && status === 'failed_attempt' && (
            <span className="mt-1 block text-xs font-semibold text-amber-800">{BACK_ON_BOARD}</span>
          )}
          {planned && (
            <span className="mt-1 flex items-center gap-1 text-xs font-semibold text-slate-700">
              <Clock aria-hidden="true" className="size-3.5 text-slate-500" />
              Planned arrival {planned}
            </span>
          )}
          {countdown.label && (
            <span
              className={clsx(
                'mt-1 block text-xs font-semibold',
                countdown.urgency === 'late'
                  ? 'text-red-700'
                  : countdown.urgency === 'at_risk' || countdown.urgency === 'soon'
                    ? 'text-amber-700'
                    : 'text-slate-500',
              )}
            >
              {countdown.label}
            </span>
          )}
        </span>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
      </Link>
      {next && (
        <a
          href={mapsUrl(headingTo)}
          target="_blank"
          rel="noreferrer"
          className="mt-2 flex h-11 items-center justify-center gap-2 rounded-xl bg-brand-600 text-sm font-semibold text-white active:bg-brand-700"
        >
          <Navigation aria-hidden="true" className="size-4" />
          Directions in maps
        </a>
      )}
    </li>
  );
}
