import { INVOICE_STATUSES, type TInvoiceStatus, ADMIN_ROLES, type TRole } from '@courier/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { inputClass } from '@/components/ui/form-controls';
import { DispatchPage, PagedTable, tdClass } from '@/components/ui/list-page';
import { paths } from '@/config/paths';
import { useListParams } from '@/hooks/use-list-params';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useInvoices } from '../api/get-invoices';
import { exportInvoicesForBooks } from '../api/get-receivables';
import { useRunInvoices } from '../api/run-invoices';
import { InvoiceStatus } from '../components/invoice-status';
import { formatCents } from '../lib/money';

/** Last month's first and last days (the usual run). */
function lastMonth(): { from: string; to: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getFullYear(), now.getMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

const labelClass = 'mb-1 block text-sm font-medium text-slate-700';

/** /admin/invoices: run a period, then review, issue and follow each account's invoice. Managers read. */
export function InvoicesPage() {
  const { role } = useSession();
  const mayChange = !!role && (ADMIN_ROLES as readonly TRole[]).includes(role);
  const list = useListParams();
  const status = (list.read('status') || undefined) as TInvoiceStatus | undefined;
  const query = useInvoices({ page: list.page, status });
  const run = useRunInvoices();
  const [period, setPeriod] = useState(lastMonth);
  const [format, setFormat] = useState<'quickbooks' | 'xero'>('quickbooks');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    run.mutate(period, {
      onSuccess: (r) => toast.success(r.message),
      onError: (err) => toast.error(errorMessage(err, 'Could not run the invoices')),
    });
  };

  return (
    <DispatchPage title="Invoices" intro="Each account's deliveries of a period, one draft per account: review, issue, record payments.">
      <form
        onSubmit={submit}
        className="mb-5 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_1fr_auto_auto_auto] sm:items-end"
      >
        <div>
          <label htmlFor="run-from" className={labelClass}>
            From
          </label>
          <input
            id="run-from"
            type="date"
            required
            value={period.from}
            onChange={(e) => setPeriod({ ...period, from: e.target.value })}
            className={inputClass()}
          />
        </div>
        <div>
          <label htmlFor="run-to" className={labelClass}>
            To
          </label>
          <input
            id="run-to"
            type="date"
            required
            value={period.to}
            onChange={(e) => setPeriod({ ...period, to: e.target.value })}
            className={inputClass()}
          />
        </div>
        {mayChange && (
          <button type="submit" disabled={run.isPending} className={buttonClass()}>
            {run.isPending ? 'Running…' : 'Run invoices'}
          </button>
        )}
        <div>
          <label htmlFor="books-format" className={labelClass}>
            Books
          </label>
          <select
            id="books-format"
            value={format}
            onChange={(e) => setFormat(e.target.value as 'quickbooks' | 'xero')}
            className={inputClass()}
          >
            <option value="quickbooks">QuickBooks Online</option>
            <option value="xero">Xero</option>
          </select>
        </div>
        <button
          type="button"
          className={buttonClass({ variant: 'secondary' })}
          onClick={() => exportInvoicesForBooks({ ...period, format }).catch((err) => toast.error(errorMessage(err, 'Could not export')))}
        >
          Export CSV
        </button>
      </form>
      <div className="mb-3 flex items-center gap-2">
        <label htmlFor="status-filter" className="text-sm font-medium text-slate-700">
          Status
        </label>
        <select
          id="status-filter"
          value={status ?? ''}
          onChange={(e) => list.set({ status: e.target.value })}
          className={inputClass({ className: 'h-10 max-w-48' })}
        >
          <option value="">All</option>
          {INVOICE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <PagedTable
        headings={['Invoice', 'Account', 'Period', 'Status', 'Total', 'Balance']}
        minWidth="min-w-[720px]"
        query={query}
        failed="Could not load the invoices"
        empty="No invoices yet: run a period above."
        row={(i) => (
          <tr key={i._id}>
            <td data-label="Invoice" className={tdClass}>
              <Link to={paths.adminInvoice(i._id)} className="font-medium text-brand-700 underline">
                {i.number ?? `Draft for ${i.accountName}`}
              </Link>
            </td>
            <td data-label="Account" className={tdClass}>
              {i.accountName}
            </td>
            <td data-label="Period" className={`${tdClass} whitespace-nowrap`}>
              {i.periodFrom} to {i.periodTo}
            </td>
            <td data-label="Status" className={tdClass}>
              <InvoiceStatus status={i.status} />
            </td>
            <td data-label="Total" className={`${tdClass} whitespace-nowrap`}>
              {formatCents(i.subtotalCents)}
            </td>
            <td data-label="Balance" className={`${tdClass} whitespace-nowrap`}>
              {formatCents(i.balanceCents)}
            </td>
          </tr>
        )}
      />
    </DispatchPage>
  );
}
