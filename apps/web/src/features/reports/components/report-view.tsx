import { REPORT_GROUPS, type TDeliveryReport, type TReportGroup } from '@courier/contract';
import { CircleCheckBig, Clock, Download, PackageCheck, Timer } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { TableMessage, tdClass, HeadRow } from '@/components/ui/list-page';
import { buttonClass } from '@/components/ui/button';
import { StatTile } from '@/components/ui/stat-tile';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useExportDeliveryReport } from '../api/export-delivery-report';
import { type TReportFilter, type TReportScope, useDeliveryReport } from '../api/get-delivery-report';
import { duration, percent, shortDay } from './report-format';

const ReportChart = lazy(() => import('./report-chart'));

const controlClass =
  'mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-500 focus:ring-3 focus:ring-brand-100 focus:outline-none';
const GROUP_LABELS: Record<TReportGroup, string> = { day: 'Day', customer: 'Customer', driver: 'Driver' };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function Figures({ report }: { report: TDeliveryReport | undefined }) {
  const t = report?.totals;
  const loading = !report;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatTile
        compact
        label="On time"
        value={t ? percent(t.onTimeRate) : undefined}
        icon={CircleCheckBig}
        tone="green"
        loading={loading}
      />
      <StatTile
        compact
        label="Delivered a day"
        value={report ? String(report.deliveredPerDay) : undefined}
        icon={PackageCheck}
        tone="brand"
        loading={loading}
      />
      <StatTile
        compact
        label="Booking to pickup"
        value={t ? duration(t.avgBookingToPickupMinutes) : undefined}
        icon={Clock}
        tone="amber"
        loading={loading}
      />
      <StatTile
        compact
        label="Pickup to drop-off"
        value={t ? duration(t.avgPickupToDropoffMinutes) : undefined}
        icon={Timer}
        tone="blue"
        loading={loading}
      />
    </div>
  );
}

function FiguresTable({ report, isPending, error }: { report: TDeliveryReport | undefined; isPending: boolean; error: unknown }) {
  const headings = [
    GROUP_LABELS[report?.groupBy ?? 'day'],
    'Booked',
    'Delivered',
    'Cancelled',
    'On time',
    'Booking to pickup',
    'Pickup to drop-off',
    'Discrepancies',
  ];
  return (
    // Focusable, so a keyboard can scroll it sideways on a narrow screen.
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1)
      tabIndex={0}
      aria-label="Report figures"
      className="stacked-table overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <table className="w-full min-w-[720px]">
        <caption className="sr-only">The report’s figures, one row per {GROUP_LABELS[report?.groupBy ?? 'day'].toLowerCase()}</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <HeadRow headings={headings} />
        </thead>
        <tbody className="divide-y divide-slate-100">
          {!report ? (
            <TableMessage colSpan={headings.length}>
              {isPending ? 'Loading…' : errorMessage(error, 'Could not load the report')}
            </TableMessage>
          ) : report.rows.length === 0 ? (
            <TableMessage colSpan={headings.length}>No delivery was booked in these days.</TableMessage>
          ) : (
            report.rows.map((r) => (
              <tr key={r.key}>
                <th scope="row" data-label={headings[0]} className={`${tdClass} text-left font-medium whitespace-nowrap text-slate-900`}>
                  {report.groupBy === 'day' ? shortDay(r.key) : r.label}
                </th>
                <td data-label="Booked" className={tdClass}>
                  {r.booked}
                </td>
                <td data-label="Delivered" className={tdClass}>
                  {r.delivered}
                </td>
                <td data-label="Cancelled" className={tdClass}>
                  {r.cancelled}
                </td>
                <td data-label="On time" className={tdClass}>
                  {percent(r.onTimeRate)}
                  {r.delivered > 0 && <span className="block text-xs text-slate-500">{`${r.onTime} of ${r.delivered}`}</span>}
                </td>
                <td data-label="Booking to pickup" className={tdClass}>
                  {duration(r.avgBookingToPickupMinutes)}
                </td>
                <td data-label="Pickup to drop-off" className={tdClass}>
                  {duration(r.avgPickupToDropoffMinutes)}
                </td>
                <td data-label="Discrepancies" className={tdClass}>
                  {percent(r.discrepancyRate)}
                  {r.withDiscrepancy > 0 && <span className="block text-xs text-slate-500">{`${r.withDiscrepancy} of ${r.booked}`}</span>}
                  {r.overdueCases > 0 && <span className="block text-xs font-semibold text-red-700">{`${r.overdueCases} overdue`}</span>}
                </td>
              </tr>
            ))
          )}
        </tbody>
        {report && report.rows.length > 0 && (
          <tfoot className="border-t-2 border-slate-200 bg-slate-50 font-semibold">
            <tr>
              <th scope="row" className={`${tdClass} text-left text-slate-900`}>
                Total
              </th>
              <td data-label="Booked" className={tdClass}>
                {report.totals.booked}
              </td>
              <td data-label="Delivered" className={tdClass}>
                {report.totals.delivered}
              </td>
              <td data-label="Cancelled" className={tdClass}>
                {report.totals.cancelled}
              </td>
              <td data-label="On time" className={tdClass}>
                {percent(report.totals.onTimeRate)}
              </td>
              <td data-label="Booking to pickup" className={tdClass}>
                {duration(report.totals.avgBookingToPickupMinutes)}
              </td>
              <td data-label="Pickup to drop-off" className={tdClass}>
                {duration(report.totals.avgPickupToDropoffMinutes)}
              </td>
              <td data-label="Discrepancies" className={tdClass}>
                {percent(report.totals.discrepancyRate)}
                {report.totals.withDiscrepancy > 0 && (
                  <span className="block text-xs text-slate-500">{`${report.totals.withDiscrepancy} of ${report.totals.booked}`}</span>
                )}
                {report.totals.overdueCases > 0 && (
                  <span className="block text-xs font-semibold text-red-700">{`${report.totals.overdueCases} overdue`}</span>
                )}
              </td>
            </tr>
          </tfoot>
        )}
      </table>
    </section>
  );
}

/**
 * A delivery report over booking days: range and grouping kept in the URL, the key figures, a chart and the
 * same numbers in a table beside it, and a CSV download. Staff may group by customer or driver.
 */
export function ReportView({ scope }: { scope: TReportScope }) {
  const [params, setParams] = useSearchParams();
  const groups: readonly TReportGroup[] = scope === 'staff' ? REPORT_GROUPS : ['day'];
  const asked = params.get('groupBy') as TReportGroup | null;
  const filter: TReportFilter = {
    from: DAY.test(params.get('from') ?? '') ? (params.get('from') as string) : undefined,
    to: DAY.test(params.get('to') ?? '') ? (params.get('to') as string) : undefined,
    groupBy: asked && groups.includes(asked) ? asked : 'day',
  };
  const report = useDeliveryReport(scope, filter);
  const exporter = useExportDeliveryReport();
  const set = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const data = report.data;
  const download = () =>
    exporter.mutate({ scope, filter }, { onError: (error) => toast.error(errorMessage(error, 'Could not export the report')) });

  return (
    <div className="space-y-5">
      <form
        aria-label="Report range"
        className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:flex-wrap sm:items-end"
        onSubmit={(e) => e.preventDefault()}
      >
        <label className="text-xs font-medium text-slate-600 sm:w-44">
          Booked from
          <input
            type="date"
            className={controlClass}
            value={filter.from ?? data?.from ?? ''}
            onChange={(e) => set('from', e.target.value)}
          />
        </label>
        <label className="text-xs font-medium text-slate-600 sm:w-44">
          Booked to
          <input type="date" className={controlClass} value={filter.to ?? data?.to ?? ''} onChange={(e) => set('to', e.target.value)} />
        </label>
        {groups.length > 1 && (
          <label className="text-xs font-medium text-slate-600 sm:w-44">
            Group by
            <select
              className={controlClass}
              value={filter.groupBy}
              onChange={(e) => set('groupBy', e.target.value === 'day' ? '' : e.target.value)}
            >
              {groups.map((g) => (
                <option key={g} value={g}>
                  {GROUP_LABELS[g]}
                </option>
              ))}
            </select>
          </label>
        )}
        <button
          type="button"
          onClick={download}
          disabled={exporter.isPending}
          className={buttonClass({ variant: 'secondary', className: 'sm:ml-auto' })}
        >
          <Download aria-hidden="true" className="size-4" />
          {exporter.isPending ? 'Exporting…' : 'Export CSV'}
        </button>
      </form>
      {report.isError && data && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorMessage(report.error, 'Could not load the report')}
        </p>
      )}
      <Figures report={data} />
      {data && (
        <p className="text-sm text-slate-600">
          {`${data.totals.booked} deliveries booked ${shortDay(data.from)} to ${shortDay(data.to)} (${data.days} days, ${data.timeZone.replace('_', ' ')} time), ${data.totals.delivered} delivered so far. On time: delivered at or before required-by, or the estimate when none was asked.`}
        </p>
      )}
      <div className="grid gap-5 2xl:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] 2xl:items-start">
        <figure className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <figcaption className="mb-2 text-sm font-semibold text-slate-800">
            Booked, delivered and on time by {GROUP_LABELS[filter.groupBy].toLowerCase()}
          </figcaption>
          {/* The table holds the same numbers for screen readers; the drawing is for the eye. */}
          <div aria-hidden="true" className="h-72">
            {data && data.rows.length > 0 ? (
              <Suspense fallback={<p className="py-24 text-center text-sm text-slate-500">Loading the chart…</p>}>
                <ReportChart report={data} />
              </Suspense>
            ) : (
              <p className="py-24 text-center text-sm text-slate-500">{report.isPending ? 'Loading…' : 'Nothing to draw.'}</p>
            )}
          </div>
        </figure>
        <FiguresTable report={data} isPending={report.isPending} error={report.error} />
      </div>
    </div>
  );
}
