import { mayRecordDisposition, type TAdminDelivery } from '@courier/contract';
import { OctagonAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format-date';
import { useSession } from '@/lib/session';
import { useAdminDeliveries } from '../api/get-admin-deliveries';
import { DispositionDialog, MANAGER_DECIDES } from './disposition-dialog';

/** Deliveries on hold for a temperature excursion, oldest first, each with the disposition a manager records. */
export function HoldQueue() {
  const headingId = useId();
  const { role } = useSession();
  const { data } = useAdminDeliveries({ handling: 'on_hold', sort: 'newest', limit: 50 });
  const [open, setOpen] = useState<TAdminDelivery | null>(null);
  const held = data?.deliveries ?? [];
  if (!held.length) return null;
  const manager = mayRecordDisposition(role);
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-4">
      <h2 id={headingId} className="flex items-center gap-2 text-sm font-bold text-red-900">
        <OctagonAlert aria-hidden="true" className="size-4" />
        On hold ({held.length}): do not deliver until a disposition is recorded
      </h2>
      <ul className="mt-3 grid gap-2 md:grid-cols-2 xl:grid-cols-3">
        {held.map((d) => {
          const out = d.temperatureReadings.filter((r) => !r.inRange).at(-1);
          return (
            <li key={d._id} className="flex flex-wrap items-center gap-2 rounded-xl bg-white p-3 shadow-sm ring-1 ring-red-200">
              <span className="min-w-0 flex-1">
                <Link to={paths.adminDelivery(d._id)} className="font-mono text-sm font-semibold text-brand-700 hover:underline">
                  #{d.orderId}
                </Link>
                <span className="block text-xs text-slate-700">
                  {out ? `${out.celsius.toFixed(1)} °C out of range` : 'Temperature excursion'} · since{' '}
                  {d.hold ? formatDateTime(d.hold.since) : ''}
                  {d.driver && ` · ${d.driver.name}`}
                </span>
              </span>
              {manager ? (
                <button type="button" className={buttonClass({ size: 'sm' })} onClick={() => setOpen(d)}>
                  Disposition
                </button>
              ) : (
                <span className="w-full text-xs font-semibold text-slate-700">{MANAGER_DECIDES}</span>
              )}
            </li>
          );
        })}
      </ul>
      {open && <DispositionDialog delivery={open} open={!!open} onClose={() => setOpen(null)} />}
    </section>
  );
}
