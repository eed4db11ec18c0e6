import { ADMIN_STATUS_FILTERS, deliveryTypeLabel, statusLabel, type TAdminStatusFilter } from '@courier/contract';
import { Download, Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DispatchPage, PagedTable, tdClass } from '@/components/ui/list-page';
import { buttonClass } from '@/components/ui/button';
import { RouteLines, StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useListParams } from '@/hooks/use-list-params';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { useExportAdminDeliveries } from '../api/export-admin-deliveries';
import { type TAdminDeliveriesFilter, useAdminDeliveries } from '../api/get-admin-deliveries';
import { useAdminDrivers } from '../api/get-admin-drivers';
import { BulkDispatch, JobCheckbox, SelectPageBox } from '../components/bulk-dispatch';

const controlClass =
  'mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-500 focus:ring-3 focus:ring-brand-100 focus:outline-none';
const labelClass = 'text-xs font-medium text-slate-600';

const GROUP_LABELS: Partial<Record<TAdminStatusFilter, string>> = {
  all: 'Every status',
  open: 'To approve or assign',
  on_the_road: 'On the road',
};
const statusOption = (s: TAdminStatusFilter) => GROUP_LABELS[s] ?? statusLabel(s).replace(/^./, (c) => c.toUpperCase());

/** A day picked in the browser's zone, as the instant it starts (or ends). */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : undefined);
const dayEnd = (day: string) => (day ? new Date(`${day}T23:59:59.999`).toISOString() : undefined);

function TextFilter({
  label,
  value,
  onSettle,
  placeholder,
  search = false,
}: {
  label: string;
  value: string;
  onSettle: (v: string) => void;
  placeholder: string;
  search?: boolean;
}) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text.trim(), 300);
  // Typing settles into the URL; Back or a link changes the URL and so the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled change of the text writes the URL
  useEffect(() => {
    if (settled !== value) onSettle(settled);
  }, [settled]);
  useEffect(() => setText((t) => (t.trim() === value ? t : value)), [value]);
  return (
    <label className={`${labelClass} block`}>
      {label}
      <span className="relative block">
        {search && (
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 mt-0.5 size-4 -translate-y-1/2 text-slate-400"
          />
        )}
        <input
          type="search"
          value={text}
          placeholder={placeholder}
          onChange={(e) => setText(e.target.value)}
          className={`${controlClass} ${search ? 'pl-9' : ''}`}
        />
      </span>
    </label>
  );
}

function Chip({ children, onClear }: { children: string; onClear: () => void }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-3 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">
      {children}
      <button type="button" onClick={onClear} aria-label={`Remove filter: ${children}`} className="rounded-full p-1 hover:bg-brand-100">
        <X aria-hidden="true" className="size-3.5" />
      </button>
    </span>
  );
}

/** /admin/deliveries: every delivery, past ones included, by status, dates, customer, driver and words. */
export function DeliveryHistoryPage() {
  const { read, set, page } = useListParams();
  const drivers = useAdminDrivers();
  const exporter = useExportAdminDeliveries();
  const status = (ADMIN_STATUS_FILTERS as readonly string[]).includes(read('status')) ? (read('status') as TAdminStatusFilter) : 'all';
  const filter: TAdminDeliveriesFilter = {
    status,
    q: read('q') || undefined,
    customer: read('customer') || undefined,
    driverId: read('driverId') || undefined,
    from: dayStart(read('from')),
    to: dayEnd(read('to')),
    deliveredFrom: read('deliveredFrom') || undefined,
    late: read('late') === 'true' ? 'true' : undefined,
    sort: read('sort') === 'required-by' ? 'required-by' : 'newest',
    page,
  };
  const list = useAdminDeliveries(filter);
  const filtered = Boolean(
    filter.q || filter.customer || filter.driverId || filter.from || filter.to || filter.late || filter.deliveredFrom || status !== 'all',
  );
  const query = { ...list, data: list.data && { data: list.data.deliveries, paging: list.data.paging } };
  const download = () =>
    exporter.mutate(filter, { onError: (error) => toast.error(errorMessage(error, 'Could not export the deliveries')) });

  return (
    <DispatchPage
      title="Deliveries"
      intro="Every delivery, delivered and cancelled ones included: search, filter and export."
      tools={
        <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={download} disabled={exporter.isPending}>
          <Download aria-hidden="true" className="size-4" />
          {exporter.isPending ? 'Exporting…' : 'Export CSV'}
        </button>
      }
    >
      <search className="mb-4 block">
        <form
          className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-7"
          onSubmit={(e) => e.preventDefault()}
          aria-label="Filter deliveries"
        >
          <div className="col-span-2 md:col-span-4 xl:col-span-2">
            <TextFilter
              label="Search"
              search
              value={read('q')}
              onSettle={(q) => set({ q })}
              placeholder="Tracking no., recipient, phone, address, driver"
            />
          </div>
          <label className={`${labelClass} col-span-2 md:col-span-1`}>
            Status
            <select
              className={controlClass}
              value={status}
              onChange={(e) => set({ status: e.target.value === 'all' ? '' : e.target.value })}
            >
              {ADMIN_STATUS_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {statusOption(s)}
                </option>
              ))}
            </select>
          </label>
          <div className="col-span-2 md:col-span-1">
            <TextFilter
              label="Customer"
              value={read('customer')}
              onSettle={(customer) => set({ customer })}
              placeholder="Name, clinic or e-mail"
            />
          </div>
          <label className={`${labelClass} col-span-2 md:col-span-1`}>
            Driver
            <select className={controlClass} value={read('driverId')} onChange={(e) => set({ driverId: e.target.value })}>
              <option value="">Any driver</option>
              <option value="none">No driver yet</option>
              {drivers.data?.map((driver) => (
                <option key={driver._id} value={driver._id}>
                  {`${driver.firstName} ${driver.lastName}`.trim()}
                </option>
              ))}
            </select>
          </label>
          <label className={labelClass}>
            Booked from
            <input type="date" className={controlClass} value={read('from')} onChange={(e) => set({ from: e.target.value })} />
          </label>
          <label className={labelClass}>
            Booked to
            <input type="date" className={controlClass} value={read('to')} onChange={(e) => set({ to: e.target.value })} />
          </label>
        </form>
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-600">
          <span aria-live="polite">
            {list.data ? `${list.data.paging.total} ${list.data.paging.total === 1 ? 'delivery' : 'deliveries'}` : ''}
          </span>
          <label className="flex items-center gap-2">
            <span>Sort</span>
            <select
              className="h-8 rounded-lg border border-slate-300 bg-white px-2 text-sm"
              value={filter.sort}
              onChange={(e) => set({ sort: e.target.value === 'newest' ? '' : e.target.value })}
            >
              <option value="newest">Newest booking first</option>
              <option value="required-by">Required by, soonest first</option>
            </select>
          </label>
          {filter.late && <Chip onClear={() => set({ late: '' })}>Late or at risk only</Chip>}
          {filter.deliveredFrom && (
            <Chip onClear={() => set({ deliveredFrom: '' })}>{`Delivered since ${formatDateTime(filter.deliveredFrom)}`}</Chip>
          )}
          {filtered && (
            <Link to={paths.adminDeliveries} className="font-medium text-brand-700 hover:underline">
              Clear filters
            </Link>
          )}
        </div>
      </search>
      <BulkDispatch>
        <PagedTable
          headings={[
            <SelectPageBox
              key="all"
              jobs={(list.data?.deliveries ?? []).map((d) => ({ id: d._id, orderId: d.orderId }))}
              label="Select all on this page"
            />,
            'Delivery',
            'Booked',
            'Customer',
            'Recipient',
            'Route',
            'Driver',
          ]}
          minWidth="min-w-[960px]"
          query={query}
          failed="Could not load the deliveries"
          empty={filtered ? 'No delivery matches these filters.' : 'No delivery has been booked yet.'}
          row={(d) => (
            <tr
              key={d._id}
              data-job-id={d._id}
              data-order-id={d.orderId}
              tabIndex={-1}
              className="focus:outline-none focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              <td data-label="Select" className={tdClass}>
                <JobCheckbox id={d._id} orderId={d.orderId} />
              </td>
              <td data-label="Delivery" className={tdClass}>
                <Link to={paths.adminDelivery(d._id)} className="font-mono font-semibold text-brand-700 hover:underline">
                  #{d.orderId}
                </Link>
                <span className="mt-1 flex flex-wrap items-center gap-1.5">
                  <StatusBadge status={d.status} />
                  <span className="text-xs font-medium text-slate-600">{deliveryTypeLabel(d.deliveryType)}</span>
                </span>
              </td>
              <td data-label="Booked" className={`${tdClass} whitespace-nowrap`}>
                {formatDateTime(d.createdAt)}
                {d.requiredBy && <span className="block text-xs text-slate-500">by {formatDateTime(d.requiredBy)}</span>}
              </td>
              <td data-label="Customer" className={tdClass}>
                {d.customer.name}
                {d.customer.organisation && <span className="block text-xs text-slate-500">{d.customer.organisation}</span>}
              </td>
              <td data-label="Recipient" className={tdClass}>
                {d.recipientName}
                <span className="block text-xs text-slate-500">{d.recipientPhone}</span>
              </td>
              <td data-label="Route" className={`${tdClass} max-w-xs`}>
                <RouteLines d={d} />
              </td>
              <td data-label="Driver" className={tdClass}>
                {d.driver?.name ?? <span className="text-slate-500">None</span>}
              </td>
            </tr>
          )}
        />
      </BulkDispatch>
    </DispatchPage>
  );
}
