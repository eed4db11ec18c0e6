import { CalendarDays, FileText, Wallet } from 'lucide-react';
import { StatTile } from '@/components/ui/stat-tile';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { payFilePaths, useDownloadPayFile } from '../api/download-pay-file';
import { useEarnings } from '../api/get-earnings';
import { PayItemsList } from '../components/pay-items-table';
import { formatCents, isoDay, weekOf } from '../lib/money';

/** /driver/earnings: the driver's own pay, phone first: today, this week with its items, and past statements. */
export function EarningsPage() {
  const week = weekOf();
  const today = isoDay();
  const earnings = useEarnings(week.from, week.to);
  const download = useDownloadPayFile();
  const data = earnings.data?.data;
  const todayCents = (data?.items ?? []).filter((i) => i.earnedOn === today).reduce((sum, i) => sum + i.amountCents, 0);
  const todayJobs = (data?.items ?? []).filter((i) => i.earnedOn === today && i.code === 'job').length;

  return (
    <section className="mx-auto w-full max-w-xl px-4 py-5">
      <title>Earnings · MedCourier</title>
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-slate-900">Earnings</h1>
      {earnings.isError && <p className="mb-4 text-sm text-red-700">{errorMessage(earnings.error, 'Could not load your earnings')}</p>}
      <div className="mb-5 grid grid-cols-2 gap-3">
        <StatTile
          label="Today"
          value={data ? formatCents(todayCents) : undefined}
          note={`${todayJobs} job${todayJobs === 1 ? '' : 's'}`}
          icon={Wallet}
          tone="green"
          loading={earnings.isPending}
          compact
        />
        <StatTile
          label="This week"
          value={data ? formatCents(data.totals.netCents) : undefined}
          note={data ? `${data.totals.jobs} job${data.totals.jobs === 1 ? '' : 's'}` : undefined}
          icon={CalendarDays}
          tone="brand"
          loading={earnings.isPending}
          compact
        />
      </div>
      <section aria-labelledby="week-items" className="mb-5 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
        <h2 id="week-items" className="text-sm font-semibold text-slate-900">
          This week ({week.from} to {week.to})
        </h2>
        {data && <PayItemsList items={[...data.items].reverse()} totals={data.totals} empty="No pay items yet this week." />}
      </section>
      <section aria-labelledby="statements" className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
        <h2 id="statements" className="mb-2 text-sm font-semibold text-slate-900">
          Statements
        </h2>
        {data && data.statements.length === 0 && <p className="py-2 text-sm text-slate-500">No statement yet.</p>}
        <ul className="divide-y divide-slate-100">
          {(data?.statements ?? []).map((s) => (
            <li key={s._id} className="flex items-center justify-between gap-3 py-3">
              <div>
                <p className="text-sm font-medium text-slate-900">
                  {s.from} to {s.to}
                </p>
                <p className="text-xs text-slate-600">
                  {s.status === 'paid' ? `Paid on ${s.paidOn}` : s.status === 'approved' ? 'Approved' : 'Draft'} · {formatCents(s.netCents)}
                </p>
              </div>
              <button
                type="button"
                aria-label={`Statement ${s.from} to ${s.to} (PDF)`}
                className="inline-flex h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
                onClick={() =>
                  download.mutate(
                    { path: payFilePaths.ownStatement(s._id), fileName: `pay-statement-${s.from}-to-${s.to}.pdf` },
                    { onError: (e) => toast.error(errorMessage(e, 'Could not download the statement')) },
                  )
                }
              >
                <FileText aria-hidden="true" className="size-4" />
                PDF
              </button>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
