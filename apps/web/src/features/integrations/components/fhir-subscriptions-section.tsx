import type { TFhirSubscriptionSummary } from '@courier/contract';
import { BellRing } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format-date';
import { useFhirSubscriptionLog } from '../api/get-fhir-subscription-log';
import { useFhirSubscriptions } from '../api/get-fhir-subscriptions';

const STATUS: Record<TFhirSubscriptionSummary['status'], { label: string; className: string }> = {
  active: { label: 'Active', className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  off: { label: 'Off', className: 'bg-slate-100 text-slate-700 ring-slate-200' },
  error: { label: 'Stopped: failing', className: 'bg-red-50 text-red-800 ring-red-200' },
};

/**
 * FHIR Subscriptions: the Task notifications a lab system asked for over FHIR (it makes and changes them there), with
 * each one's status and, on request, its delivery log, so the lab can see why notifications stopped. An owner sees
 * the account's, a member their own.
 */
export function FhirSubscriptionsSection() {
  const { data = [], isPending, isError } = useFhirSubscriptions();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <header className="flex items-start gap-4 border-b border-slate-100 px-5 py-4 sm:px-6">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <BellRing aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            FHIR Subscriptions
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">
            Where your systems asked to hear of every change to your Tasks (they add, change and remove them over FHIR). A Subscription
            whose endpoint keeps failing for a day stops; setting it active again over FHIR sends what waited.
          </p>
        </div>
      </header>
      <div className="px-5 py-5 sm:px-6">
        {isPending ? (
          <Spinner label="Loading FHIR Subscriptions" />
        ) : isError ? (
          <p className="text-sm text-red-700">FHIR Subscriptions could not be loaded. Try again later.</p>
        ) : data.length === 0 ? (
          <p className="text-sm text-slate-600">No FHIR Subscriptions yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="FHIR Subscriptions">
            {data.map((sub) => (
              <SubscriptionItem key={sub._id} sub={sub} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function SubscriptionItem({ sub }: { sub: TFhirSubscriptionSummary }) {
  const [open, setOpen] = useState(false);
  const logId = useId();
  const status = STATUS[sub.status];
  return (
    <li className="py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-xs break-all text-slate-800">{sub.endpoint}</p>
          <p className="mt-0.5 text-xs text-slate-500">
            Since {formatDateTime(sub.createdAt)}
            {sub.end && ` · ends ${formatDateTime(sub.end)}`}
          </p>
        </div>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${status.className}`}>{status.label}</span>
      </div>
      {sub.error && <p className="mt-1 text-sm text-red-700">{sub.error}</p>}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={logId}
        onClick={() => setOpen((v) => !v)}
        className={`${buttonClass({ variant: 'ghost', size: 'sm' })} mt-2`}
      >
        {open ? 'Hide the delivery log' : 'Show the delivery log'}
      </button>
      <div id={logId} hidden={!open}>
        {open && <SubscriptionLog id={sub._id} />}
      </div>
    </li>
  );
}

/** The latest attempts to send its notifications: time, answer, duration and attempt, and why one failed. */
function SubscriptionLog({ id }: { id: string }) {
  const { data = [], isPending, isError } = useFhirSubscriptionLog(id);
  if (isPending) return <Spinner label="Loading the delivery log" className="mt-2" />;
  if (isError) return <p className="mt-2 text-sm text-red-700">The delivery log could not be loaded.</p>;
  if (data.length === 0)
    return <p className="mt-2 text-sm text-slate-600">Nothing sent yet. Notifications appear here as your Tasks change.</p>;
  return (
    <ul className="mt-2 space-y-1.5 text-sm" aria-label="Delivery log">
      {data.map((a) => (
        <li key={a._id} className="rounded-lg border border-slate-200 px-3 py-2">
          <span className="text-slate-700">{formatDateTime(a.createdAt)}</span>
          {' · '}
          <span className={a.succeeded ? 'font-medium text-emerald-700' : 'font-medium text-red-700'}>
            {a.statusCode ?? 'No answer'} {a.succeeded ? 'delivered' : 'failed'}
          </span>
          {` · ${a.durationMs} ms · attempt ${a.attempt}`}
          {a.error && <span className="mt-0.5 block text-xs break-words text-slate-600">{a.error}</span>}
        </li>
      ))}
    </ul>
  );
}
