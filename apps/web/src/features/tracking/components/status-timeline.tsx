import { statusLabel, timelineStepLabel } from '@courier/contract';
import clsx from 'clsx';
import { History } from 'lucide-react';
import type { TTrackingEvent } from '@courier/contract';
import { formatEventTime } from '../lib/format-time';
import { statusIcon, statusIconClass } from '@/lib/status-style';

/** Every status the delivery went through, newest first, each with its time. */
export function StatusTimeline({ events, className }: { events: TTrackingEvent[]; className?: string }) {
  const now = new Date();
  const newestFirst = [...events].reverse();
  return (
    <section
      aria-labelledby="status-history"
      className={clsx('rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6', className)}
    >
      <h2 id="status-history" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <History aria-hidden="true" className="size-5 text-brand-600" />
        Status History
      </h2>
      {newestFirst.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">No updates yet.</p>
      ) : (
        <ol className="mt-5" data-testid="status-history">
          {newestFirst.map((event, index) => {
            const Icon = statusIcon(event.status);
            const latest = index === 0;
            // The server labels a moving parcel's place 'In transit': no need to say it twice.
            const place =
              event.location && event.location.toLowerCase() !== statusLabel(event.status).toLowerCase() ? event.location : null;
            return (
              <li key={`${event.timestamp}-${event.status}`} className="relative flex gap-4 pb-6 last:pb-0">
                {index < newestFirst.length - 1 && (
                  <span aria-hidden="true" className="absolute top-10 bottom-1 left-[19px] w-0.5 rounded bg-slate-200" />
                )}
                <span
                  className={clsx(
                    'relative flex size-10 shrink-0 items-center justify-center rounded-full ring-1',
                    latest ? statusIconClass(event.status) : 'bg-slate-50 text-slate-500 ring-slate-200',
                  )}
                >
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div className="min-w-0 pt-0.5">
                  <p className={clsx('font-semibold', latest ? 'text-slate-900' : 'text-slate-700')}>
                    {timelineStepLabel(event.status)}
                    {event.detail && <span className="font-normal text-slate-600">: {event.detail.toLowerCase()}</span>}
                    {latest && <span className="sr-only"> (latest)</span>}
                  </p>
                  {place && <p className="truncate text-sm text-slate-600">{place}</p>}
                  <p className="text-sm text-slate-500">
                    <time dateTime={event.timestamp}>{formatEventTime(event.timestamp, now) ?? event.displayTime}</time>
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
