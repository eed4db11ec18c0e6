import { statusLabel, type TDeliveryEvent, timelineStepLabel } from '@courier/contract';
import clsx from 'clsx';
import { History } from 'lucide-react';
import { formatDateTime } from '@/lib/delivery-format';
import { DetailCard } from '@/components/ui/detail-card';

/** Every step the delivery went through, newest first, with its exact place and time (the owner's view of tracking). */
export function DeliveryTimeline({ events }: { events: TDeliveryEvent[] }) {
  const newestFirst = [...events].reverse();
  return (
    <DetailCard title="Timeline" icon={History}>
      {newestFirst.length === 0 ? (
        <p className="text-sm text-slate-500">No updates yet.</p>
      ) : (
        <ol aria-label="Delivery timeline" className="space-y-0">
          {newestFirst.map((event, index) => {
            const latest = index === 0;
            return (
              <li key={`${event.timestamp}-${event.status}`} className="relative flex gap-3 pb-5 last:pb-0">
                {index < newestFirst.length - 1 && (
                  <span aria-hidden="true" className="absolute top-4 bottom-0 left-[5px] w-0.5 rounded bg-slate-200" />
                )}
                <span
                  aria-hidden="true"
                  className={clsx(
                    'relative mt-1.5 size-3 shrink-0 rounded-full ring-4',
                    latest ? 'bg-brand-600 ring-brand-100' : 'bg-slate-300 ring-white',
                  )}
                />
                <div className="min-w-0">
                  <p className={clsx('text-sm font-semibold', latest ? 'text-slate-900' : 'text-slate-700')}>
                    {timelineStepLabel(event.status)}
                    {latest && <span className="sr-only"> (latest)</span>}
                  </p>
                  {event.place && event.place.toLowerCase() !== statusLabel(event.status).toLowerCase() && (
                    <p className="text-sm break-words text-slate-600">{event.place}</p>
                  )}
                  <p className="text-xs text-slate-500">
                    <time dateTime={event.timestamp}>{formatDateTime(event.timestamp)}</time>
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </DetailCard>
  );
}
